/* mkreloc: makes the self-relocation table of a baremark image.
 *
 * Debian's bare-metal binutils cannot link position-independent
 * executables (ld: "-pie not supported"), so the image is linked at its
 * usual load address with --emit-relocs, and this tool reads the static
 * relocations that stayed in the ELF (System V ABI, "Relocation"; the
 * RISC-V and AArch64 ELF psABI documents for the type numbers). Code is
 * built PC-relative (riscv -mcmodel=medany, aarch64 adrp/add), so what
 * remains are 64-bit absolute pointers in data; their offsets, relative
 * to the image start, go into the `.bm_reloc` section in two lists:
 *     u32 count; u32 offset[count];   pointers anywhere else
 *     u32 count; u32 offset[count];   pointers in the bm_insn_* sections
 * The entry code adds (run address - link address) to each of the first;
 * the second only where a run asks for the instruction table
 * (harness/reloc_late.c): most of the image's pointers are there, and
 * each costs a core's RTL a cache miss at boot. A static
 * link resolves GOT slots without leaving relocations for them, so every
 * slot of .got whose value lies inside the image is listed too (a slot
 * holds either a symbol's address or an absolute value). Any other
 * absolute relocation in a loaded section stops the build, so an image
 * that could not run elsewhere is never produced.
 *
 *   mkreloc <image.elf> <table.bin>
 */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *img;
static size_t img_len;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "mkreloc: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

static const void *at(uint64_t off, uint64_t len)
{
	if (off > img_len || len > img_len - off)
		die("offset 0x%llx outside the file", (unsigned long long)off);
	return img + off;
}

enum action { IGNORE, POINTER, REJECT };

/* What a relocation type needs once the image can move. */
static enum action classify(unsigned machine, unsigned type)
{
	if (machine == EM_RISCV) {
		switch (type) {
		case R_RISCV_64: return POINTER;
		case R_RISCV_NONE:
		case R_RISCV_BRANCH: case R_RISCV_JAL: case R_RISCV_CALL: case R_RISCV_CALL_PLT:
		case R_RISCV_PCREL_HI20: case R_RISCV_PCREL_LO12_I: case R_RISCV_PCREL_LO12_S:
		case R_RISCV_TPREL_HI20: case R_RISCV_TPREL_LO12_I: case R_RISCV_TPREL_LO12_S:
		case R_RISCV_TPREL_ADD:
		case R_RISCV_ADD8: case R_RISCV_ADD16: case R_RISCV_ADD32: case R_RISCV_ADD64:
		case R_RISCV_SUB8: case R_RISCV_SUB16: case R_RISCV_SUB32: case R_RISCV_SUB64:
		case R_RISCV_ALIGN: case R_RISCV_RVC_BRANCH: case R_RISCV_RVC_JUMP:
		case R_RISCV_RELAX: case R_RISCV_SUB6: case R_RISCV_SET6: case R_RISCV_SET8:
		case R_RISCV_SET16: case R_RISCV_SET32: case R_RISCV_32_PCREL:
			return IGNORE;
		default:
			return REJECT;
		}
	}
	if (machine == EM_AARCH64) {
		switch (type) {
		case R_AARCH64_ABS64: return POINTER;
		case R_AARCH64_NONE:
		case R_AARCH64_PREL32: case R_AARCH64_PREL64: case R_AARCH64_PREL16:
		case R_AARCH64_ADR_PREL_LO21: case R_AARCH64_ADR_PREL_PG_HI21:
		case R_AARCH64_ADR_PREL_PG_HI21_NC: case R_AARCH64_ADD_ABS_LO12_NC:
		case R_AARCH64_LDST8_ABS_LO12_NC: case R_AARCH64_LDST16_ABS_LO12_NC:
		case R_AARCH64_LDST32_ABS_LO12_NC: case R_AARCH64_LDST64_ABS_LO12_NC:
		case R_AARCH64_LDST128_ABS_LO12_NC: case R_AARCH64_LD_PREL_LO19:
		case R_AARCH64_TSTBR14: case R_AARCH64_CONDBR19: case R_AARCH64_JUMP26:
		case R_AARCH64_CALL26: case R_AARCH64_TLSLE_ADD_TPREL_HI12:
		case R_AARCH64_TLSLE_ADD_TPREL_LO12_NC:
		/* PC-relative to a GOT slot; the slots themselves are listed
		 * by add_got_slots(). */
		case R_AARCH64_ADR_GOT_PAGE: case R_AARCH64_LD64_GOT_LO12_NC:
			return IGNORE;
		default:
			return REJECT;
		}
	}
	return REJECT;
}

/* Two lists: the pointers the entry code moves, and those that lie in
 * the instruction table's sections (bm_insn_*), which the image moves
 * only when a run asks for the table (harness/reloc_late.c). */
enum list { EARLY, LATE };
static uint32_t *list[2];
static uint32_t count[2];
static size_t cap; /* offsets both lists may hold together */

static void add_pointer(enum list l, uint64_t off)
{
	if (count[EARLY] + count[LATE] >= cap)
		die("more than %zu pointers: enlarge .bm_reloc", cap);
	if ((off & 7) || off > 0xffffffffu)
		die("pointer at offset 0x%llx is misaligned or too far", (unsigned long long)off);
	list[l][count[l]++] = (uint32_t)off;
}

static void add_got_slots(const Elf64_Shdr *got, uint64_t base, uint64_t end)
{
	const uint64_t *slot = at(got->sh_offset, got->sh_size);
	for (uint64_t i = 0; i < got->sh_size / 8; i++)
		if (slot[i] >= base && slot[i] < end)
			add_pointer(EARLY, got->sh_addr + 8 * i - base);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: mkreloc <image.elf> <table.bin>\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (!f)
		die("cannot open %s: %s", argv[1], strerror(errno));
	fseek(f, 0, SEEK_END);
	img_len = (size_t)ftell(f);
	rewind(f);
	img = malloc(img_len);
	if (!img || fread(img, 1, img_len, f) != img_len)
		die("cannot read %s", argv[1]);
	fclose(f);

	const Elf64_Ehdr *eh = at(0, sizeof(Elf64_Ehdr));
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64)
		die("%s is not a 64-bit ELF file", argv[1]);
	const Elf64_Shdr *sh = at(eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr));
	const char *shstr = at(sh[eh->e_shstrndx].sh_offset, sh[eh->e_shstrndx].sh_size);

	const Elf64_Shdr *table = NULL, *got = NULL;
	uint64_t base = UINT64_MAX, end = 0;
	for (unsigned i = 0; i < eh->e_shnum; i++) {
		if (strcmp(shstr + sh[i].sh_name, ".bm_reloc") == 0)
			table = &sh[i];
		if (strcmp(shstr + sh[i].sh_name, ".got") == 0 && sh[i].sh_type == SHT_PROGBITS)
			got = &sh[i];
		if ((sh[i].sh_flags & SHF_ALLOC) && sh[i].sh_size) {
			if (sh[i].sh_addr < base)
				base = sh[i].sh_addr;
			if (sh[i].sh_addr + sh[i].sh_size > end)
				end = sh[i].sh_addr + sh[i].sh_size;
		}
	}
	if (!table || !end)
		die("%s has no .bm_reloc section (linker script?)", argv[1]);
	if (table->sh_size % 4 || table->sh_size < 8)
		die(".bm_reloc size 0x%llx is not a multiple of 4 of at least 8", (unsigned long long)table->sh_size);
	size_t words = table->sh_size / 4;
	cap = words - 2; /* the two counts */
	list[EARLY] = calloc(cap, 4);
	list[LATE] = calloc(cap, 4);
	uint32_t *out = calloc(words, 4);
	if (!list[EARLY] || !list[LATE] || !out)
		die("out of memory");

	for (unsigned i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_RELA)
			continue;
		const Elf64_Shdr *target = &sh[sh[i].sh_info];
		if (!(target->sh_flags & SHF_ALLOC))
			continue; /* debug information: never loaded */
		enum list l = strncmp(shstr + target->sh_name, "bm_insn", 7) == 0 ? LATE : EARLY;
		const Elf64_Shdr *symtab = &sh[sh[i].sh_link];
		const Elf64_Sym *syms = at(symtab->sh_offset, symtab->sh_size);
		size_t nsyms = symtab->sh_size / sizeof(Elf64_Sym);
		const Elf64_Rela *r = at(sh[i].sh_offset, sh[i].sh_size);
		size_t n = sh[i].sh_size / sizeof(Elf64_Rela);
		for (size_t k = 0; k < n; k++) {
			unsigned type = (unsigned)ELF64_R_TYPE(r[k].r_info);
			size_t symi = ELF64_R_SYM(r[k].r_info);
			enum action a = classify(eh->e_machine, type);
			if (a == IGNORE)
				continue;
			if (a == REJECT)
				die("relocation type %u at 0x%llx cannot move with the image (compile PC-relative)",
				    type, (unsigned long long)r[k].r_offset);
			if (symi < nsyms && syms[symi].st_shndx == SHN_ABS)
				continue; /* an absolute value, not an address */
			add_pointer(l, r[k].r_offset - base);
		}
	}
	if (got)
		add_got_slots(got, base, end);
	out[0] = count[EARLY];
	memcpy(out + 1, list[EARLY], count[EARLY] * 4ull);
	out[1 + count[EARLY]] = count[LATE];
	memcpy(out + 2 + count[EARLY], list[LATE], count[LATE] * 4ull);
	FILE *o = fopen(argv[2], "wb");
	if (!o || fwrite(out, 4, words, o) != words || fclose(o) != 0)
		die("cannot write %s", argv[2]);
	printf("mkreloc: %u pointers to relocate at entry, %u with the instruction table (room for %zu)\n",
	       count[EARLY], count[LATE], cap);
	return 0;
}
