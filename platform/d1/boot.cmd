# baremark on the Allwinner D1: U-Boot's distro boot runs this from the
# SD card's FAT partition. booti passes the device tree U-Boot runs with
# (the board's, handed over by OpenSBI), and U-Boot writes bootargs into it.
setenv bootargs "@BOOTARGS@"
echo "baremark: loading baremark.bin"
load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} baremark.bin
booti ${kernel_addr_r} - ${fdtcontroladdr}
echo "baremark: booti failed (see the messages above)"
