/*
 * fs-explain: placeholder until its own issue lands; says so and exits 1.
 */
#include <stdio.h>
#include <string.h>

#include "fs.h"

int
main(int argc, char **argv)
{
	fs_set_progname(argv[0]);
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: fs-explain ...\n\nfs-explain is not implemented yet.\n");
		return 0;
	}
	fs_warn("not implemented yet");
	return FS_EXIT_DATA;
}
