/* The 16550 and PL011 drivers on a model of their registers: the divisor
 * arithmetic behind baremark.baud, and the write loop every printed byte
 * goes through (uart/burst.h: its "\n" to "\r\n", at most a FIFO's worth
 * of bytes a poll, one without a FIFO, and a UART that never drains). The
 * drivers are compiled here with their register accessors watching each
 * access. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static uint8_t regs[8 * 4]; /* a 16550's eight registers, up to 4 bytes apart */
static char out[4096];
static size_t nout;
static unsigned since_poll, most_since_poll, polls;
static uint8_t lsr_value;

/* What both models do: a status read (a poll; `ready` set: the FIFO is
 * empty, so the count of bytes since starts again), and a byte sent. */
static uint32_t polled(uint32_t status, uint32_t ready)
{
	polls++;
	if (status & ready)
		since_poll = 0;
	return status;
}

static void sent_byte(uint32_t v)
{
	if (nout < sizeof(out))
		out[nout++] = (char)v;
	if (++since_poll > most_since_poll)
		most_since_poll = since_poll;
}

static uint32_t model_load(uintptr_t a)
{
	if (a == (uintptr_t)&regs[0] + (5u << 2) || a == (uintptr_t)&regs[5])
		return polled(lsr_value, 0x20);
	return regs[a - (uintptr_t)regs];
}

static void model_store(uintptr_t a, uint32_t v)
{
	if (a == (uintptr_t)&regs[0])
		sent_byte(v);
	else
		regs[a - (uintptr_t)regs] = (uint8_t)v;
}

#define NS16550_LOAD(W, a) ((W)model_load((uintptr_t)(a)))
#define NS16550_STORE(W, a, v) model_store((uintptr_t)(a), (uint32_t)(v))
#include "../../uart/ns16550.c"

/* The PL011 on the same model: its data register at 0, its flags at
 * 0x18 (TXFE, bit 7, where the 16550 has LSR), LCR_H at 0x2c. */
static uint32_t pl_regs[16];
static uint32_t pl_fr;
static uint32_t pl_load(uintptr_t a)
{
	if (a == (uintptr_t)&pl_regs[0x18 / 4])
		return polled(pl_fr, 0x80);
	return pl_regs[(a - (uintptr_t)pl_regs) / 4];
}
static void pl_store(uintptr_t a, uint32_t v)
{
	if (a == (uintptr_t)&pl_regs[0])
		sent_byte(v);
	else
		pl_regs[(a - (uintptr_t)pl_regs) / 4] = v;
}
#define PL011_LOAD(a) pl_load((uintptr_t)(a))
#define PL011_STORE(a, v) pl_store((uintptr_t)(a), (uint32_t)(v))
#include "../../uart/pl011.c"

/* The status-register UARTs (uart/statusreg.c) on the same model: data
 * and status registers where each layout puts them, its status bits
 * reading "ready" (set or clear) whenever the model is, each access
 * checked for the width the layout gives it. */
static uint32_t sr_regs[64];
static uint32_t sr_data_off, sr_status_off, sr_ready_bits;
static unsigned sr_data_w, sr_status_w, sr_bad_width;
static bool sr_ready; /* what sr_ready_bits mean: the model's FIFO empty or not */
static uint32_t sr_load(uintptr_t a, unsigned w)
{
	if (a == (uintptr_t)sr_regs + sr_status_off) {
		sr_bad_width += w != sr_status_w;
		(void)polled(sr_ready, 1);
		return sr_ready_bits;
	}
	return sr_regs[(a - (uintptr_t)sr_regs) / 4];
}
static void sr_store(uintptr_t a, uint32_t v, unsigned w)
{
	if (a == (uintptr_t)sr_regs + sr_data_off) {
		sr_bad_width += w != sr_data_w;
		sent_byte(v);
	} else
		sr_regs[(a - (uintptr_t)sr_regs) / 4] = v;
}
#define STATUSREG_LOAD(W, a) ((W)sr_load((uintptr_t)(a), sizeof(W)))
#define STATUSREG_STORE(W, a, v) sr_store((uintptr_t)(a), (uint32_t)(v), sizeof(W))
#include "../../uart/statusreg.c"

/* Qualcomm's UARTs (uart/packed.c) on a model of a counted transfer: the
 * length register arms it (only when the model is idle, and after the
 * layout's pre-write), the post-write starts it, and each FIFO word
 * carries up to four of its bytes, first byte lowest; a word beyond the
 * count, or a length written while busy, is a fault. */
static uint32_t pk_status_off, pk_len_off, pk_fifo_off, pk_pre_off, pk_pre_val, pk_post_off, pk_post_val;
static uint32_t pk_idle_bits, pk_busy_bits; /* status when idle / mid-transfer */
static bool pk_never_idle, pk_pre_seen, pk_started;
static uint32_t pk_left; /* bytes of the armed transfer not yet in a word */
static unsigned pk_faults, pk_words, pk_transfers;
static uint32_t pk_load(uintptr_t a)
{
	if (a == (uintptr_t)sr_regs + pk_status_off) {
		polls++;
		return pk_never_idle || pk_left ? pk_busy_bits : pk_idle_bits;
	}
	return 0;
}
static void pk_store(uintptr_t a, uint32_t v)
{
	uint32_t off = (uint32_t)(a - (uintptr_t)sr_regs);
	if (pk_pre_val && off == pk_pre_off && v == pk_pre_val) {
		pk_pre_seen = true;
	} else if (off == pk_len_off) {
		pk_faults += pk_left != 0 || (pk_pre_val && !pk_pre_seen) || v == 0;
		pk_left = v;
		pk_pre_seen = false;
		pk_started = !pk_post_val;
		pk_transfers++;
	} else if (pk_post_val && off == pk_post_off && v == pk_post_val) {
		pk_started = true;
	} else if (off == pk_fifo_off) {
		pk_faults += !pk_started || pk_left == 0;
		pk_words++;
		for (unsigned x = 0; x < 4 && pk_left; x++, pk_left--)
			sent_byte((v >> (8 * x)) & 0xff);
	} else {
		pk_faults++;
	}
}
#define PACKED_LOAD(a) pk_load((uintptr_t)(a))
#define PACKED_STORE(a, v) pk_store((uintptr_t)(a), (uint32_t)(v))
#include "../../uart/packed.c"

/* What the line should read: each '\n' as "\r\n". */
static size_t expected(const char *s, size_t n, char *e)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			e[k++] = '\r';
		e[k++] = s[i];
	}
	return k;
}

/* After one write of s[0..n-1] that returned `sent`: every byte went,
 * as "\r\n" for each "\n", and at most a FIFO's worth a poll. */
static void check_line_fifo(const char *what, const char *s, size_t n, size_t sent, unsigned fifo)
{
	char e[sizeof(out)];
	size_t ne = expected(s, n, e);
	CHECK(sent == n, "%s: sent %zu of %zu", what, sent, n);
	CHECK(nout == ne && memcmp(out, e, ne) == 0, "%s: the line differs (%zu bytes, want %zu)", what, nout, ne);
	CHECK(most_since_poll <= fifo, "%s: %u bytes written on one poll (FIFO %u)", what, most_since_poll, fifo);
}

static void check_line(const char *what, const char *s, size_t n, size_t sent, bool fifo)
{
	check_line_fifo(what, s, n, sent, fifo ? 16u : 1u);
}

/* One status-register UART: its registers where its manual puts them
 * (data, status, the bits and their sense, the FIFO, the widths), checked
 * on the model. */
static void statusreg_case(const char *what, enum bm_uart_kind kind, uint32_t data, uint32_t status, uint32_t ready,
			   uint32_t busy, unsigned fifo, unsigned data_w, unsigned status_w, const char *s, size_t n)
{
	struct bm_uart_desc d = {.kind = kind, .base = (uintptr_t)sr_regs, .reg_width = 4};
	struct statusreg_uart u;
	statusreg_setup(&u, &d);
	CHECK(u.l && u.l->data == data && u.l->status == status && u.l->fifo == fifo, "%s: layout", what);
	sr_data_off = data;
	sr_status_off = status;
	sr_data_w = data_w;
	sr_status_w = status_w;
	sr_ready_bits = ready;
	sr_ready = true;
	nout = since_poll = most_since_poll = polls = sr_bad_width = 0;
	check_line_fifo(what, s, n, statusreg_write(&u, s, n), fifo);
	CHECK(sr_bad_width == 0, "%s: %u accesses at the wrong width", what, sr_bad_width);
	/* never ready: nothing sent, and said so by what it returns */
	sr_ready_bits = busy;
	sr_ready = false;
	nout = polls = 0;
	CHECK(statusreg_write(&u, "x\n", 2) == 0 && nout == 0 && polls == READY_POLLS, "%s: a UART that never drains",
	      what);
}

/* One of Qualcomm's UARTs: its registers where its source puts them,
 * every transfer armed while idle, its count matching its words. */
static void packed_case(const char *what, enum bm_uart_kind kind, uint32_t status, uint32_t idle, uint32_t busy,
			uint32_t len, uint32_t fifo, uint32_t pre_off, uint32_t pre_val, uint32_t post_off,
			uint32_t post_val, const char *s, size_t n)
{
	struct bm_uart_desc d = {.kind = kind, .base = (uintptr_t)sr_regs, .reg_width = 4};
	struct packed_uart u;
	packed_setup(&u, &d);
	CHECK(u.l != NULL, "%s: layout", what);
	pk_status_off = status, pk_idle_bits = idle, pk_busy_bits = busy, pk_len_off = len, pk_fifo_off = fifo;
	pk_pre_off = pre_off, pk_pre_val = pre_val, pk_post_off = post_off, pk_post_val = post_val;
	pk_never_idle = pk_pre_seen = pk_started = false;
	pk_left = pk_faults = pk_words = pk_transfers = 0;
	nout = polls = 0;
	size_t sent = packed_write(&u, s, n);
	char e[sizeof(out)];
	size_t ne = expected(s, n, e);
	CHECK(sent == n, "%s: sent %zu of %zu", what, sent, n);
	CHECK(nout == ne && memcmp(out, e, ne) == 0, "%s: the line differs (%zu bytes, want %zu)", what, nout, ne);
	CHECK(pk_faults == 0 && pk_left == 0, "%s: %u faults, %u bytes of a transfer never sent", what, pk_faults,
	      (unsigned)pk_left);
	CHECK(pk_transfers == (ne + CHUNK - 1) / CHUNK && pk_words <= (ne + 3) / 4 + pk_transfers,
	      "%s: %u transfers, %u words for %zu bytes", what, pk_transfers, pk_words, ne);
	/* never idle: nothing sent, and said so */
	pk_never_idle = true;
	nout = polls = 0;
	CHECK(packed_write(&u, "x\n", 2) == 0 && nout == 0 && polls == READY_POLLS, "%s: a UART that never drains",
	      what);
}

static void write_case(const char *what, const char *s, size_t n, bool fifo, unsigned shift, unsigned width)
{
	struct bm_uart_desc d = {.kind = BM_UART_NS16550, .base = (uintptr_t)regs, .reg_shift = shift, .reg_width = width};
	struct ns16550 u;
	ns16550_setup(&u, &d);
	u.fifo = fifo;
	lsr_value = 0x60;
	nout = since_poll = most_since_poll = polls = 0;
	check_line(what, s, n, ns16550_write(&u, s, n), fifo);
}

static void pl011_case(const char *what, const char *s, size_t n, bool fen)
{
	struct bm_uart_desc d = {.kind = BM_UART_PL011, .base = (uintptr_t)pl_regs, .reg_width = 4};
	struct pl011 u;
	pl011_setup(&u, &d);
	pl_regs[0x2c / 4] = fen ? 0x70 : 0x60; /* 8 bits, FIFOs on or off */
	pl011_detect_fifo(&u);
	CHECK(u.fifo == fen, "%s: FEN %d read as %d", what, fen, u.fifo);
	pl_fr = 0x80;
	nout = since_poll = most_since_poll = polls = 0;
	check_line(what, s, n, pl011_write(&u, s, n), fen);
}

static void test_write(void)
{
	write_case("text", "ab\ncd\n", 6, true, 0, 1);
	write_case("empty", "", 0, true, 0, 1);
	char nl[100];
	memset(nl, '\n', sizeof(nl));
	write_case("only newlines, FIFO", nl, sizeof(nl), true, 0, 1);
	write_case("only newlines, no FIFO", nl, sizeof(nl), false, 2, 4);
	/* every length and mix up to 300 bytes, both widths, with and
	 * without a FIFO: no byte lost, none added but the '\r's */
	srand(30);
	char s[300];
	for (int trial = 0; trial < 400; trial++) {
		size_t n = (size_t)(rand() % (int)sizeof(s));
		for (size_t i = 0; i < n; i++)
			s[i] = rand() % 4 == 0 ? '\n' : (char)('a' + rand() % 26);
		write_case("random", s, n, trial & 1, (unsigned)(trial & 2), trial & 4 ? 4 : 1);
		pl011_case("pl011 random", s, n, trial & 1);
	}
	/* the Pi's mini UART: IO at 0, LSR at 0x14, bit 6 (transmitter idle)
	 * set when its 8-byte FIFO is empty; bit 5 alone (room for one) is
	 * not ready for a burst. The i.MX UART: UTXD 0x40, UTS 0xb4, TXEMPTY
	 * bit 6, 32 bytes. SiFive: txdata at 0, bit 31 full, a byte a poll.
	 * Meson: WFIFO 0, STATUS 0x0c, TX_EMPTY bit 22 (TX_FULL 21), 64.
	 * Cadence: FIFO 0x30, SR 0x2c, TXEMPTY bit 3 (TXFULL 4), 64. Armada
	 * 3700: TSH 4, STAT 0x0c, TX_FIFO_EMP bit 13 (FUL 11), 32. SCIF:
	 * SCFTDR 0x0c (8 bits), SCFDR 0x1c (16 bits), its transmit count in
	 * bits 12:8 zero, 16. LPUART (i.MX 8QXP style, 0x10 up): DATA 0x1c,
	 * STAT 0x14, TDRE bit 23, a byte a poll. */
	for (int trial = 0; trial < 100; trial++) {
		size_t n = (size_t)(rand() % (int)sizeof(s));
		for (size_t i = 0; i < n; i++)
			s[i] = rand() % 4 == 0 ? '\n' : (char)('a' + rand() % 26);
		statusreg_case("bcm2835-aux", BM_UART_BCM2835_AUX, 0x00, 0x14, 0x60, 0x20, 8, 4, 4, s, n);
		statusreg_case("imx", BM_UART_IMX, 0x40, 0xb4, 0x40, 0x10, 32, 4, 4, s, n);
		statusreg_case("sifive", BM_UART_SIFIVE, 0x00, 0x00, 0x0, 0x80000000u, 1, 4, 4, s, n);
		statusreg_case("meson", BM_UART_MESON, 0x00, 0x0c, 1u << 22, 1u << 20, 64, 4, 4, s, n);
		statusreg_case("cadence", BM_UART_CADENCE, 0x30, 0x2c, 0x08 | 0x02, 0x02, 64, 4, 4, s, n);
		statusreg_case("armada-3700", BM_UART_ARMADA3700, 0x04, 0x0c, 1u << 13 | 1u << 5, 1u << 5, 32, 4, 4, s, n);
		statusreg_case("scif", BM_UART_SCIF, 0x0c, 0x1c, 0x0003, 0x0100 | 0x0003, 16, 1, 2, s, n);
		statusreg_case("lpuart", BM_UART_LPUART32, 0x1c, 0x14, 1u << 23, 1u << 22, 1, 4, 4, s, n);
		packed_case("msm-uartdm", BM_UART_MSM_UARTDM, 0x08, 0x0c, 0x04, 0x40, 0x70, 0x10, 0x300, 0, 0, s, n);
		packed_case("geni", BM_UART_QCOM_GENI, 0x40, 0x0, 0x1, 0x270, 0x700, 0, 0, 0x600, 1u << 27, s, n);
	}
	statusreg_case("bcm2835-aux newlines", BM_UART_BCM2835_AUX, 0x00, 0x14, 0x60, 0x20, 8, 4, 4, nl, sizeof(nl));
	packed_case("geni newlines", BM_UART_QCOM_GENI, 0x40, 0x0, 0x1, 0x270, 0x700, 0, 0, 0x600, 1u << 27, nl, sizeof(nl));
	packed_case("msm-uartdm newlines", BM_UART_MSM_UARTDM, 0x08, 0x0c, 0x04, 0x40, 0x70, 0x10, 0x300, 0, 0, nl,
		    sizeof(nl));
	/* the Cadence transmitter off (QEMU's reset value of CR, 0x128: TXDIS,
	 * RXDIS, STPBRK) is turned on once, and left alone when on */
	{
		struct bm_uart_desc d = {.kind = BM_UART_CADENCE, .base = (uintptr_t)sr_regs};
		struct statusreg_uart u;
		statusreg_setup(&u, &d);
		sr_status_off = 0x2c;
		sr_data_off = 0x30;
		sr_regs[0] = 0x128;
		CHECK(statusreg_enable(&u) && sr_regs[0] == 0x118, "cadence: CR 0x128 enabled as 0x%x", (unsigned)sr_regs[0]);
		CHECK(!statusreg_enable(&u) && sr_regs[0] == 0x118, "cadence: an enabled transmitter is left alone");
		d.kind = BM_UART_MESON;
		statusreg_setup(&u, &d);
		CHECK(!statusreg_enable(&u), "meson: no enable step");
	}
	CHECK(packed_layout(BM_UART_SCIF) == NULL && statusreg_layout(BM_UART_QCOM_GENI) == NULL,
	      "each UART in one table");
	CHECK_EQ_S(packed_name(BM_UART_MSM_UARTDM), "msm-uartdm");
	CHECK(statusreg_layout(BM_UART_NS16550) == NULL && statusreg_layout(BM_UART_PL011) == NULL,
	      "the 16550 and PL011 have drivers of their own");
	CHECK_EQ_S(statusreg_name(BM_UART_IMX), "imx");
	pl011_case("pl011 newlines, FIFO", nl, sizeof(nl), true);
	pl011_case("pl011 newlines, no FIFO", nl, sizeof(nl), false);
	/* a PL011 whose FIFO never empties: nothing sent, and said so */
	{
		struct bm_uart_desc d = {.kind = BM_UART_PL011, .base = (uintptr_t)pl_regs, .reg_width = 4};
		struct pl011 u;
		pl011_setup(&u, &d);
		pl_fr = 0x20; /* TXFF, not TXFE */
		nout = polls = 0;
		CHECK_EQ_U(pl011_write(&u, "x\n", 2), 0);
		CHECK_EQ_U(nout, 0);
		CHECK_EQ_U(polls, TXFE_POLLS);
	}
	/* a transmitter that never empties: the write gives up, sends
	 * nothing, and says so by what it returns */
	struct bm_uart_desc d = {.kind = BM_UART_NS16550, .base = (uintptr_t)regs, .reg_width = 1};
	struct ns16550 u;
	ns16550_setup(&u, &d);
	u.fifo = true;
	lsr_value = 0;
	nout = polls = 0;
	CHECK_EQ_U(ns16550_write(&u, "x\n", 2), 0);
	CHECK_EQ_U(nout, 0);
	CHECK_EQ_U(polls, THRE_POLLS);
}

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
	test_write();
}
