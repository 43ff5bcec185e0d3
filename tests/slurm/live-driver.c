/*
 * live-driver.c: a test driver for tools/fs-tree/live.c, so the live source
 * can be tried against the test stack without building the whole toolkit.
 *   cc -std=gnu11 -DHAVE_LIBSLURM -Itools/fs-tree -o live-driver \
 *      tests/slurm/live-driver.c tools/fs-tree/live.c -lslurm
 *   live-driver [-A acct,...] [-u user,...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "live.h"

/* "a,b" -> {"a", "b", NULL}; s is modified and must outlive the list */
static const char **
split(char *s)
{
	size_t n = 2;
	const char **v;
	char *p, *save = NULL;

	for (p = s; *p; p++)
		n += *p == ',';
	if (!(v = calloc(n, sizeof(*v))))
		exit(1);
	n = 0;
	for (p = strtok_r(s, ",", &save); p; p = strtok_r(NULL, ",", &save))
		v[n++] = p;
	return v;
}

int
main(int argc, char **argv)
{
	struct fs_live_opts o = {NULL, NULL};
	const char **acc = NULL, **usr = NULL;
	char err[1024];
	int i, rc;

	for (i = 1; i < argc; i += 2) {
		if (i + 1 < argc && !strcmp(argv[i], "-A"))
			o.accounts = acc = split(argv[i + 1]);
		else if (i + 1 < argc && !strcmp(argv[i], "-u"))
			o.users = usr = split(argv[i + 1]);
		else {
			fprintf(stderr, "usage: live-driver [-A accounts] "
				"[-u users]\n");
			return 2;
		}
	}
	rc = fs_live_dump(&o, stdout, err, sizeof(err));
	if (rc)
		fprintf(stderr, "live-driver: %s\n", err);
	free(acc);
	free(usr);
	if (fflush(stdout) != 0)
		rc = 1;
	return rc;
}
