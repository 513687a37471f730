#include <string.h>

#include "check.h"
#include "options.h"

void test_options(void)
{
	struct bm_options o;
	options_defaults(&o);
	CHECK(o.profile == BM_PROFILE_QUICK && o.repeat == 0 && !o.selftest_trap && o.only[0] == 0, "defaults");

	options_parse(&o, "console=ttyS0 baremark.profile=full  baremark.only=cache.*,pipeline.add.lat\tbaremark.repeat=7 root=/dev/x");
	CHECK(o.profile == BM_PROFILE_FULL, "profile");
	CHECK_EQ_S(o.only, "cache.*,pipeline.add.lat");
	CHECK_EQ_U(o.repeat, 7);
	CHECK_EQ_U(o.nbad, 0);

	options_defaults(&o);
	options_parse(&o, "baremark.profile=fast baremark.repeat=0 baremark.repeat=x baremark.repeat=1001 "
			  "baremark.colour=red baremark. baremark baremark.selftest=boom baremark.only=");
	CHECK_EQ_U(o.nbad, 9);
	CHECK(o.profile == BM_PROFILE_QUICK && o.repeat == 0 && !o.selftest_trap, "bad values change nothing");
	CHECK(strstr(o.bad, "baremark.colour=red") != NULL, "bad list: %s", o.bad);
	/* out of range: the word and what it accepts, so the warning says how to fix it */
	CHECK(strstr(o.bad, "baremark.repeat=0 (1 to 64)") != NULL && strstr(o.bad, "baremark.profile=fast (quick, full or sim)"),
	      "ranges named: %s", o.bad);
	CHECK(strstr(o.bad, "baremark.colour=red baremark.") != NULL, "an unknown key stands as it is: %s", o.bad);
	options_defaults(&o);
	options_parse(&o, "baremark.baud=1 baremark.only=caf\xc3\xa9");
	CHECK_EQ_S(o.bad, "baremark.baud=1 (300 to 4000000) baremark.only=caf\xc3\xa9 (ASCII only)");
	CHECK(o.only[0] == '\0', "a non-ASCII word is refused, not half-read");

	options_defaults(&o);
	options_parse(&o, "baremark.selftest=again");
	CHECK(o.nbad == 1 && !o.selftest_retry && strstr(o.bad, "replay, retry, nocaches, unstable, cold or coldtimed") != NULL,
	      "selftest=again refused: %s", o.bad);
	options_defaults(&o);
	options_parse(&o, "baremark.selftest=nocaches");
	CHECK(o.nbad == 0 && o.selftest_nocaches, "selftest=nocaches taken");

	options_defaults(&o);
	options_parse(&o, "baremark.baud=1500000 baremark.baud=299 baremark.baud=4000001 baremark.baud=fast");
	CHECK(o.baud == 1500000 && o.nbad == 3, "baud %u, %d bad", o.baud, o.nbad);

	options_defaults(&o);
	options_parse(&o, "baremark.selftest=trap baremark.repeat=64");
	CHECK(o.selftest_trap && o.repeat == 64 && !o.selftest_break, "selftest and max repeat");
	options_parse(&o, "baremark.selftest=break");
	CHECK(o.selftest_break, "selftest=break");
	options_parse(&o, "baremark.selftest=replay");
	CHECK(o.selftest_replay && o.nbad == 0, "selftest=replay");
	options_parse(&o, "baremark.selftest=retry");
	CHECK(o.selftest_retry && o.nbad == 0, "selftest=retry");
	options_parse(&o, "baremark.selftest=nocycle");
	CHECK(o.selftest_nocycle && !o.selftest_nofp, "selftest=nocycle");
	options_parse(&o, "baremark.selftest=nofp");
	CHECK(o.selftest_nofp, "selftest=nofp");
	options_parse(&o, "baremark.repeat=65");
	CHECK(o.repeat == 64 && o.nbad == 1, "65 repeats is past what the harness keeps: refused");
	CHECK_EQ_S(o.bad, "baremark.repeat=65 (1 to 64)");
	options_defaults(&o);
	options_parse(&o, NULL);
	CHECK_EQ_U(o.nbad, 0);

	/* The console: both by default, records under sim, the option over either. */
	options_defaults(&o);
	CHECK(options_console(&o) == BM_CONSOLE_BOTH, "console defaults to both");
	options_parse(&o, "baremark.profile=sim");
	CHECK(o.profile == BM_PROFILE_SIM && options_console(&o) == BM_CONSOLE_RECORDS, "sim prints records");
	CHECK_EQ_S(profile_name(o.profile), "sim");
	options_parse(&o, "baremark.console=both");
	CHECK(options_console(&o) == BM_CONSOLE_BOTH, "console=both over sim's default");
	options_parse(&o, "baremark.console=table");
	CHECK_EQ_S(console_name(options_console(&o)), "table");
	options_parse(&o, "baremark.console=records baremark.console=json");
	CHECK(options_console(&o) == BM_CONSOLE_RECORDS && o.nbad == 1, "console=records; json refused");
	CHECK_EQ_S(o.bad, "baremark.console=json (records, table or both)");

	/* Filters. */
	options_defaults(&o);
	CHECK(options_selects(&o, "anything"), "empty filter selects all");
	options_parse(&o, "baremark.only=cache.*,pipeline.?dd.lat");
	CHECK(options_selects(&o, "cache.load.lat"), "glob *");
	CHECK(options_selects(&o, "pipeline.add.lat"), "glob ?");
	CHECK(!options_selects(&o, "pipeline.add.thr"), "no match");
	CHECK(!options_selects(&o, "branch.random"), "no match");
	/* make truth's list (135 characters) is taken; past 255 is refused */
	options_defaults(&o);
	options_parse(&o, "baremark.only=cache.load.lat,cache.seq.lat,cache.tlb.lat,cache.line.lat,cache.bw.read,"
			  "branch.*,uarch.*,pipeline.add*,pipeline.load.*,pipeline.mul.thr");
	CHECK(o.nbad == 0 && options_selects(&o, "pipeline.addi.lat") && options_selects(&o, "pipeline.mul.thr") &&
		      !options_selects(&o, "pipeline.mul.lat"),
	      "a 135-character filter is taken whole");
	char longer[300] = "baremark.only=";
	memset(longer + strlen(longer), 'x', 256);
	longer[14 + 256] = '\0';
	options_defaults(&o);
	options_parse(&o, longer);
	CHECK(o.nbad == 1 && o.only[0] == '\0', "256 characters of patterns are refused, and nothing is filtered");
	CHECK(o.nlisted == 1 && strncmp(o.bad, "baremark.only=xxx", 17) == 0 && strstr(o.bad, "x... (1 to 255 characters") && strlen(o.bad) < sizeof(o.bad),
	      "a refused word too long to list whole is cut, with what is accepted: %s", o.bad);
	char many[2048] = "";
	for (int i = 0; i < 60; i++)
		strcat(many, "baremark.nosuchoption ");
	options_defaults(&o);
	options_parse(&o, many);
	CHECK(o.nbad == 60 && o.nlisted > 0 && o.nlisted < 60 && strlen(o.bad) < sizeof(o.bad), "60 unknown words: %d listed, all counted", o.nlisted);
	options_defaults(&o);
	options_parse(&o, "baremark.llc=1024 baremark.llc=8");
	CHECK(o.llc_kib == 1024 && o.nbad == 1 && strstr(o.bad, "16 to 1048576 KiB"), "llc=1024 taken, llc=8 refused: %s", o.bad);
	options_defaults(&o);
	options_parse(&o, "baremark.profile=sim");
	CHECK(o.only_default && options_selects(&o, "uarch.window.miss") && options_selects(&o, "branch.btb.16") &&
		      !options_selects(&o, "workload.crc") && !options_selects(&o, "pipeline.div.lat"),
	      "sim with no only=: the summary's kernels, said to be the default");
	options_defaults(&o);
	options_parse(&o, "baremark.only=workload.crc baremark.profile=sim");
	CHECK(!o.only_default && options_selects(&o, "workload.crc") && !options_selects(&o, "branch.btb.16"),
	      "sim with only=: what it names");
	options_defaults(&o);
	options_parse(&o, "baremark.l1i=32 baremark.l1i=2 baremark.l1i=99999");
	CHECK(o.l1i_kib == 32 && o.nbad == 2 && strstr(o.bad, "4 to 16384 KiB"), "l1i=32 taken, 2 and 99999 refused: %s", o.bad);
	const char *p = "a*b*c";
	CHECK(glob_match(p, p + 5, "aXXbYYc") && !glob_match(p, p + 5, "aXXbYY"), "backtracking");
}
