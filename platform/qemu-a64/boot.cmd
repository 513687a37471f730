# baremark under QEMU: Debian's U-Boot finds this on the virtio disk's FAT
# partition with its distro boot, loads baremark and starts it with booti,
# passing the device tree QEMU built (U-Boot writes bootargs into it).
setenv bootargs "@BOOTARGS@"
echo "baremark: loading baremark.bin"
load ${devtype} ${devnum}:${distro_bootpart} ${kernel_addr_r} baremark.bin
booti ${kernel_addr_r} - ${fdtcontroladdr}
echo "baremark: booti failed (see the messages above)"
