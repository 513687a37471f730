#include "console.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "ns16550.h"
#include "pl011.h"
#include "packed.h"
#include "statusreg.h"
#include "noinit.h"
#include "point_path.h"

static enum { CON_EARLY, CON_UART, CON_FW, CON_NONE } mode = CON_EARLY;
static struct ns16550 ns;
static struct pl011 pl;
static struct statusreg_uart sr;
static struct packed_uart pk;
static struct bm_uart_desc uart_desc;
static const char *fw_name;
static char why_not_uart[128];
static char uart_fallback[160]; /* why the UART is not stdout-path's (board.h) */

/* Output written before a console exists (device-tree warnings). */
static char early[2048] BM_NOINIT; /* the first early_len bytes are written */
static size_t early_len;
static size_t early_lost;

/* One register read, to find out whether the UART is there at all. */
static void status_probe(void *p)
{
	*(uint32_t *)p = uart_desc.kind == BM_UART_PL011 ? pl011_flags(&pl)
			 : sr.l			    ? statusreg_status(&sr)
			 : pk.l			    ? packed_status(&pk)
						    : ns16550_lsr(&ns);
}

static void raw_write(const char *s, size_t n);

static void fall_back(const char *why)
{
	snprintf(why_not_uart, sizeof(why_not_uart), "%s", why);
	fw_name = arch_fw_console_probe();
	mode = fw_name ? CON_FW : CON_NONE;
}

void console_init(const struct bm_board *b)
{
	/* Where stdout-path's console is one we do not drive, the firmware's
	 * console (SBI) comes before another UART of the tree: firmware chose
	 * its port, and it is the one being watched. Without one (Arm) the
	 * tree's other UART carries the run rather than silence. */
	const char *fb = b->uart_fallback;
	if (b->uart.kind != BM_UART_NONE && fb[0] && (fw_name = arch_fw_console_probe())) {
		const char *semi = strchr(fb, ';');
		snprintf(why_not_uart, sizeof(why_not_uart), "%.*s; the firmware's console before another UART of the tree",
			 (int)(semi ? semi - fb : (ptrdiff_t)strlen(fb)), fb);
		mode = CON_FW;
	} else if (b->uart.kind != BM_UART_NONE) {
		uart_desc = b->uart;
		memcpy(uart_fallback, b->uart_fallback, sizeof(uart_fallback));
		ns16550_setup(&ns, &b->uart);
		pl011_setup(&pl, &b->uart);
		statusreg_setup(&sr, &b->uart); /* sr.l: NULL unless it is one of those */
		packed_setup(&pk, &b->uart);    /* pk.l: likewise */
		uint32_t status;
		struct bm_trap t;
		/* A wrong address can fault; find out before relying on it. */
		if (bm_guard(status_probe, &status, &t)) {
			fall_back("UART registers fault when read");
		} else {
			mode = CON_UART;
			if (strcmp(uart_desc.compatible, "intel,xscale-uart") == 0)
				ns16550_unit_enable(&ns);
			if (uart_desc.kind == BM_UART_NS16550)
				ns16550_detect_fifo(&ns);
			/* the SBSA generic UART has no UARTLCR_H: a byte per poll */
			else if (uart_desc.kind == BM_UART_PL011 && strcmp(uart_desc.compatible, "arm,sbsa-uart") != 0)
				pl011_detect_fifo(&pl);
			else if (sr.l)
				statusreg_enable(&sr);
		}
	} else {
		fall_back(b->uart_note[0] ? b->uart_note : "no UART described");
	}
	if (early_len)
		raw_write(early, early_len);
	if (early_lost) {
		char msg[80];
		snprintf(msg, sizeof(msg), "warning: %zu bytes of early output were lost\n", early_lost);
		raw_write(msg, strlen(msg));
	}
	early_len = 0;
}

BM_POINT_PATH static void raw_write(const char *s, size_t n)
{
	if (mode == CON_UART) {
		size_t sent = uart_desc.kind == BM_UART_PL011 ? pl011_write(&pl, s, n)
			      : sr.l			 ? statusreg_write(&sr, s, n)
			      : pk.l			 ? packed_write(&pk, s, n)
							 : ns16550_write(&ns, s, n);
		if (sent == n)
			return;
		/* Say so on whatever is left rather than going silent. */
		fall_back("UART transmitter stopped draining");
		console_puts("warning: UART transmitter stopped draining; switched console\n");
		return;
	}
	if (mode == CON_FW) {
		/* Firmware consoles handle "\n" themselves on most boards; keep
		 * the bytes as they are. */
		arch_fw_console_write(s, n);
	}
}

BM_POINT_PATH void console_write(const char *s, size_t n)
{
	if (mode == CON_EARLY) {
		size_t room = sizeof(early) - early_len;
		size_t take = n < room ? n : room;
		memcpy(early + early_len, s, take);
		early_len += take;
		early_lost += n - take;
		return;
	}
	raw_write(s, n);
}

void console_puts(const char *s)
{
	console_write(s, strlen(s));
}

/* baremark.baud: what was asked and what was done, for the run record. */
static uint32_t baud_asked, baud_divisor;
static const char *baud_why;

bool console_set_baud(uint32_t baud, const char **why)
{
	baud_asked = baud;
	if (mode != CON_UART)
		*why = "the console is not a UART we drive";
	else if (uart_desc.kind != BM_UART_NS16550)
		*why = "setting the baud rate is implemented for the 16550 family only";
	else if (!uart_desc.clock_hz)
		*why = "the UART's input clock is unknown (no clock-frequency, no platform value)";
	else if (!(baud_divisor = ns16550_divisor(uart_desc.clock_hz, baud)))
		*why = "no 16-bit divisor gives that rate from this clock";
	else if (ns16550_set_divisor(&ns, baud_divisor) != baud_divisor)
		*why = "the divisor did not read back (UART busy or not a 16550)";
	else
		*why = NULL;
	baud_why = *why;
	if (*why)
		baud_divisor = 0;
	return !*why;
}

void console_fields(struct rec *r)
{
	rec_obj(r, "console");
	switch (mode) {
	case CON_UART:
		rec_str(r, "kind", uart_desc.kind == BM_UART_PL011     ? "pl011"
				   : uart_desc.kind == BM_UART_NS16550 ? "ns16550"
				   : pk.l			       ? packed_name(uart_desc.kind)
								       : statusreg_name(uart_desc.kind));
		rec_str(r, "compatible", uart_desc.compatible);
		rec_str(r, "path", uart_desc.path);
		rec_hex(r, "base", uart_desc.base);
		rec_u64(r, "reg_shift", uart_desc.reg_shift);
		rec_u64(r, "reg_io_width", uart_desc.reg_width);
		if (uart_desc.clock_hz)
			rec_u64(r, "clock_hz", uart_desc.clock_hz);
		if (uart_desc.baud)
			rec_u64(r, "baud", uart_desc.baud);
		if (baud_asked && !baud_why) {
			rec_u64(r, "baud_set", baud_asked);
			rec_u64(r, "divisor", baud_divisor);
		}
		if (uart_fallback[0])
			rec_str(r, "fallback", uart_fallback);
		break;
	case CON_FW:
		rec_str(r, "kind", fw_name);
		rec_str(r, "why", why_not_uart);
		break;
	default:
		rec_str(r, "kind", "none");
		rec_str(r, "why", why_not_uart);
		break;
	}
	if (baud_asked && baud_why)
		rec_str(r, "baud_unchanged", baud_why);
	rec_close(r);
}
