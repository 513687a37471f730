# baremark on the SpacemiT K3: U-Boot's distro boot runs this from the SD
# card's FAT partition; booti passes U-Boot's device tree with bootargs.
# (The vendor U-Boot has no bootelf; booti is what passes the tree.)
setenv bootargs "@BOOTARGS@"
echo "baremark: loading baremark.bin"
load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} baremark.bin
booti ${kernel_addr_r} - ${fdtcontroladdr}
echo "baremark: booti failed (see the messages above)"
