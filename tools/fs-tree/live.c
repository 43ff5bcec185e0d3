/*
 * live.c: placeholder until the libslurm source lands: live mode not built.
 */
#include "live.h"

int
fs_live_dump(const struct fs_live_opts *opts, FILE *out, char *err,
	     size_t errlen)
{
	(void)opts;
	(void)out;
	snprintf(err, errlen, "live mode was not built: install libslurm-dev "
		 "and rebuild with 'make'");
	return 1;
}

int
fs_live_available(void)
{
	return 0;
}
