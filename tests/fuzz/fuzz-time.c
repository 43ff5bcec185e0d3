/*
 * fuzz-time: the duration, date and Slurm time-form parsers
 * (lib/core/timeparse.c) on arbitrary text. A duration accepted is within
 * 0..FS_DURATION_MAX seconds; a time relative to now stays within that
 * distance of it (or a day of it, for today and tomorrow).
 */
#include <string.h>
#include <strings.h>

#include "fs.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct fs_buf s;
	struct fs_err e = {"<fuzz>", 0, ""};
	long long v;
	int form;

	fs_buf_init(&s);
	fs_buf_add(&s, data, size);
	if (fs_parse_duration(s.data, &v, &form, &e) == 0) {
		if (v < 0 || v > FS_DURATION_MAX)
			__builtin_trap();
	} else if (!e.msg[0])
		__builtin_trap();
	e.msg[0] = '\0';
	if (fs_parse_date(s.data, &v, &e) < 0 && !e.msg[0])
		__builtin_trap();
	e.msg[0] = '\0';
	if (fs_parse_when(s.data, 1795593600, (int)(size & 1), &v, &e) < 0) {
		if (!e.msg[0] || strchr(e.msg, '\n'))
			__builtin_trap();
	} else if (!strncasecmp(s.data, "now", 3) &&
		   (v < 1795593600 - FS_DURATION_MAX ||
		    v > 1795593600 + FS_DURATION_MAX)) {
		__builtin_trap();
	}
	fs_buf_release(&s);
	return 0;
}
