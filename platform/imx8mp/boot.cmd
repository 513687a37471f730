# baremark on the NXP i.MX 8M Plus EVK: U-Boot's distro boot runs this from the
# SD card's FAT partition. booti starts baremark at EL2 and passes U-Boot's
# device tree with bootargs.
setenv bootargs "@BOOTARGS@"
echo "baremark: loading baremark.bin"
load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} baremark.bin
booti ${kernel_addr_r} - ${fdtcontroladdr}
echo "baremark: booti failed (see the messages above)"
