/* The 16550 divisor arithmetic behind baremark.baud. */
#include "check.h"
#include "ns16550.h"

void test_uart(void)
{
	CHECK_EQ_U(ns16550_divisor(24000000, 1500000), 1);  /* RK3576 firmware rate */
	CHECK_EQ_U(ns16550_divisor(24000000, 115200), 13);  /* D1: 115384 baud, 0.2% off */
	CHECK_EQ_U(ns16550_divisor(3686400, 115200), 2);    /* QEMU virt */
	CHECK_EQ_U(ns16550_divisor(3686400, 9600), 24);
	CHECK_EQ_U(ns16550_divisor(24000000, 300), 5000);
	CHECK_EQ_U(ns16550_divisor(24000000, 0), 0);
	CHECK_EQ_U(ns16550_divisor(1000000, 4000000), 0);   /* below 1 */
	CHECK_EQ_U(ns16550_divisor(400000000, 300), 0);     /* above 0xffff */
}
