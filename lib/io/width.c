/*
 * width.c: field widths in the -o formats of fs-rank (sshare's list) and
 * fs-prio (sprio's %[.][width]X), bounded.
 *
 * Slurm reads these widths with atoi (sshare) or by accumulating digits in
 * an int (sprio), both undefined beyond INT_MAX, and sshare copies each
 * value into a stack array of the width, which crashes at a few million.
 * Here a width is at most FS_WIDTH_MAX columns either way, so that no
 * width overflows and no row writes more than a screenful of padding.
 */
#include <ctype.h>

#include "io/io.h"

/* Digits at s as a width: *w, the digits' end in *end; -1 beyond the
 * bound (*w is then FS_WIDTH_MAX + 1). */
static int
digits(const char *s, long *w, const char **end)
{
	*w = 0;
	for (; *s >= '0' && *s <= '9'; s++)
		if (*w <= FS_WIDTH_MAX)
			*w = *w * 10 + (*s - '0');
	*end = s;
	return *w > FS_WIDTH_MAX ? -1 : 0;
}

int
fs_sshare_check_widths(const char *spec, struct fs_err *e)
{
	const char *p = spec, *item, *num, *end;
	long w;

	for (item = spec; *p; item = p + (*p == ',')) {
		p = item + strcspn(item, ",");
		num = memchr(item, '%', (size_t)(p - item));
		if (!num)
			continue;
		/* atoi's number: blanks, a sign, digits. */
		for (num++; isspace((unsigned char)*num); num++)
			;
		if (*num == '+' || *num == '-')
			num++;
		if (digits(num, &w, &end) < 0)
			return fs_error(e, 0, "-o: the width in '%.*s' is beyond "
					"%d columns", (int)(p - item), item,
					FS_WIDTH_MAX);
	}
	return 0;
}

int
fs_sprio_width(const char *s, int *width, const char **end)
{
	long w;
	int r = digits(s, &w, end);

	*width = (int)w;
	return r;
}
