/* The last words of a run whose firmware would not power the board off
 * (issue 44): said on every console setting, after the end record, by
 * arch_stop of either ISA, which then waits in its low-power loop. */
#include "arch.h"
#include "log.h"

void arch_poweroff_refused(const char *firmware)
{
	bm_status("power-off refused by %s: the run is over, switch the board off\n", firmware);
}
