/* The transmit side of Qualcomm's two UARTs, as data. Both send a
 * transfer whose length is written first, then its bytes packed four to a
 * 32-bit FIFO word, the first byte in bits 7:0; a transfer starts only
 * once the last one has gone (the "idle" test), and the loop below sends
 * at most CHUNK bytes a transfer.
 *
 * UARTDM (qcom,msm-uartdm-v1.4: APQ8016/MSM8916, MSM8996 ...): Linux
 * drivers/tty/serial/msm_serial.c and the APQ8016E Technical Reference
 * Manual, UART_DM: SR at 0x08 with TXRDY bit 2 (the FIFO takes a word)
 * and TXEMT bit 3 (FIFO and shifter empty: idle); CR at 0x10, whose
 * command RESET_TX_READY (3 << 8) is written before each transfer;
 * NO_CHARS_FOR_TX at 0x40 (the transfer's length); TF at 0x70.
 *
 * GENI serial engine, UART protocol (qcom,geni-debug-uart, qcom,geni-uart:
 * SDM845, SC7180, SC7280, SM8x50 ...): Linux include/linux/soc/qcom/
 * geni-se.h and drivers/tty/serial/qcom_geni_serial.c: SE_GENI_STATUS at
 * 0x40 with M_GENI_CMD_ACTIVE bit 0 (clear: idle); SE_UART_TX_TRANS_LEN at
 * 0x270; SE_GENI_M_CMD0 at 0x600, written UART_START_TX (1) << 27 after
 * the length; SE_GENI_TX_FIFOn at 0x700. The FIFO is at least 16 words
 * (DEF_FIFO_DEPTH_WORDS), so a transfer of CHUNK bytes fits without a
 * wait between words. */
#include "packed.h"

/* Every register access goes through these two; the host test
 * (tests/host/test_uart.c) defines them to watch each one. */
#ifndef PACKED_LOAD
#define PACKED_LOAD(a) (*(volatile uint32_t *)(a))
#define PACKED_STORE(a, v) (*(volatile uint32_t *)(a) = (uint32_t)(v))
#endif

struct packed_layout {
	const char *name;
	uint32_t status, idle_mask; /* idle: status & idle_mask == idle_want */
	bool idle_when_set;
	uint32_t pre_reg, pre_val;   /* written before the length (pre_val 0: none) */
	uint32_t len;                /* the transfer's length in bytes */
	uint32_t post_reg, post_val; /* written after it (post_val 0: none) */
	uint32_t room_mask;          /* set in status when the FIFO takes a word (0: no wait) */
	uint32_t fifo;               /* the transmit FIFO */
};

static const struct packed_layout packed_layouts[] = {
	[BM_UART_MSM_UARTDM] = {"msm-uartdm", 0x08, 1u << 3, true, 0x10, 3u << 8, 0x40, 0, 0, 1u << 2, 0x70},
	[BM_UART_QCOM_GENI] = {"geni", 0x40, 1u << 0, false, 0, 0, 0x270, 0x600, 1u << 27, 0, 0x700},
};
/* Bytes a transfer: four words, within either FIFO. */
#define CHUNK 16
/* ns16550.c's reasoning: far longer than one transfer at any rate in use */
#define READY_POLLS 4000000u

const struct packed_layout *packed_layout(enum bm_uart_kind kind)
{
	if ((unsigned)kind >= sizeof(packed_layouts) / sizeof(packed_layouts[0]) || !packed_layouts[kind].name)
		return NULL;
	return &packed_layouts[kind];
}

const char *packed_name(enum bm_uart_kind kind)
{
	const struct packed_layout *l = packed_layout(kind);
	return l ? l->name : "?";
}

void packed_setup(struct packed_uart *u, const struct bm_uart_desc *d)
{
	u->base = (uintptr_t)d->base;
	u->l = packed_layout(d->kind);
}

uint32_t packed_status(const struct packed_uart *u)
{
	return PACKED_LOAD(u->base + u->l->status);
}

/* Polls until status & mask is `want`; false if it never was. */
static bool wait_for(uintptr_t status, uint32_t mask, uint32_t want)
{
	for (unsigned polls = 0; (PACKED_LOAD(status) & mask) != want;)
		if (++polls == READY_POLLS)
			return false;
	return true;
}

size_t packed_write(const struct packed_uart *u, const char *s, size_t n)
{
	const struct packed_layout *l = u->l;
	uintptr_t b = u->base;
	uint32_t idle = l->idle_when_set ? l->idle_mask : 0;
	size_t i = 0;
	bool cr = false; /* the '\r' of the '\n' at s[i] has gone */
	while (i < n) {
		/* the next transfer: up to CHUNK bytes of s, each '\n' as "\r\n" */
		uint8_t buf[CHUNK];
		size_t k = 0, j = i;
		bool c = cr;
		while (j < n && k < CHUNK) {
			if (s[j] == '\n' && !c) {
				buf[k++] = '\r';
				c = true;
				continue;
			}
			buf[k++] = (uint8_t)s[j++];
			c = false;
		}
		if (!wait_for(b + l->status, l->idle_mask, idle))
			break;
		if (l->pre_val)
			PACKED_STORE(b + l->pre_reg, l->pre_val);
		PACKED_STORE(b + l->len, k);
		if (l->post_val)
			PACKED_STORE(b + l->post_reg, l->post_val);
		for (size_t w = 0; w < k; w += 4) {
			uint32_t word = 0;
			for (size_t x = 0; x < 4 && w + x < k; x++)
				word |= (uint32_t)buf[w + x] << (8 * x);
			if (l->room_mask && !wait_for(b + l->status, l->room_mask, l->room_mask))
				return i;
			PACKED_STORE(b + l->fifo, word);
		}
		i = j;
		cr = c;
	}
	return i;
}
