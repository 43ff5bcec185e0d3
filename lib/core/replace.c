/*
 * replace.c: a file replaced whole (fs-report --out): written to a
 * temporary file in the same directory, then renamed into place, so that
 * a reader sees the old file or the new one, never half. Messages are
 * printed here, as fs_open_input prints its own.
 */
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"

void
fs_buf_glob_quote(struct fs_buf *pat, const char *s)
{
	for (; *s; s++) {
		if (strchr("*?[\\", *s))
			fs_buf_addch(pat, '\\');
		fs_buf_addch(pat, *s);
	}
}

/* Temporaries a killed run left (prefix + six characters, regular,
 * ours, untouched for an hour) are removed: a run in progress writes its
 * own within seconds. */
static void
remove_stale(const char *prefix)
{
	struct fs_buf pat;
	struct stat st;
	glob_t g;
	size_t i;

	fs_buf_init(&pat);
	fs_buf_glob_quote(&pat, prefix);
	fs_buf_addstr(&pat, "??????");
	if (glob(pat.data, GLOB_NOSORT, NULL, &g) == 0) {
		for (i = 0; i < g.gl_pathc; i++)
			if (lstat(g.gl_pathv[i], &st) == 0 &&
			    S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
			    st.st_mtime < time(NULL) - 3600)
				unlink(g.gl_pathv[i]);
		globfree(&g);
	}
	fs_buf_release(&pat);
}

/* Where the symbolic link arg points, relative to its directory; NULL
 * with errno set when it cannot be read. */
static char *
link_target(const char *arg)
{
	char buf[4096];
	const char *slash = strrchr(arg, '/');
	ssize_t n = readlink(arg, buf, sizeof(buf) - 1);
	struct fs_buf b;

	if (n < 0)
		return NULL;
	buf[n] = '\0';
	fs_buf_init(&b);
	if (buf[0] != '/' && slash)
		fs_buf_add(&b, arg, (size_t)(slash - arg + 1));
	fs_buf_addstr(&b, buf);
	return b.data;
}

/* The file must be a regular one when it exists (through a symbolic link,
 * the file it names): the report is renamed over it, which would replace
 * a device or a FIFO with a file (as root, --out /dev/null would replace
 * /dev/null). */
int
fs_replace_check(const char *arg)
{
	struct stat st;

	if (stat(arg, &st) == 0 && !S_ISREG(st.st_mode)) {
		fs_warn("%s: not a regular file: --out writes a file and "
			"replaces it whole", arg);
		return -1;
	}
	return 0;
}

int
fs_replace(const char *arg, int (*put)(FILE *, const void *),
	   const void *data)
{
	const char *slash, *path = arg;
	char *real = NULL;
	struct fs_buf tmp;
	struct stat st;
	mode_t mode, mask;
	int fd, err = 0;
	const char *what = NULL;
	FILE *f = NULL;

	/* Checked again as the report is about to be written: the caller
	 * checked before the inputs were read. */
	if (fs_replace_check(arg) < 0)
		return FS_EXIT_DATA;
	/* A symbolic link is followed: the file it names is replaced, and
	 * the link stays. */
	if (lstat(arg, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (!(real = realpath(arg, NULL)) && errno == ENOENT)
			real = link_target(arg);	/* not made yet */
		if (!real) {
			fs_warn("%s: a symbolic link to a file that cannot be "
				"reached: %s", arg, strerror(errno));
			return FS_EXIT_DATA;
		}
		path = real;
	}
	slash = strrchr(path, '/');
	fs_buf_init(&tmp);
	if (slash)
		fs_buf_add(&tmp, path, (size_t)(slash - path + 1));
	fs_buf_printf(&tmp, ".%s.", slash ? slash + 1 : path);
	remove_stale(tmp.data);
	fs_buf_addstr(&tmp, "XXXXXX");
	fd = mkstemp(tmp.data);
	if (fd < 0) {
		fs_warn("%s: cannot create a temporary file next to it: %s "
			"(check that the directory exists and is writable)",
			path, strerror(errno));
		fs_buf_release(&tmp);
		free(real);
		return FS_EXIT_DATA;
	}
	if (stat(path, &st) == 0)
		mode = st.st_mode & 07777;
	else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	errno = 0;
	if (fchmod(fd, mode) < 0)
		what = "cannot set the mode of the temporary file";
	else if (!(f = fdopen(fd, "w")))
		what = "cannot write the temporary file";
	else if (put(f, data) < 0 || fflush(f) != 0 ||
		 fsync(fd) < 0)
		what = "cannot write the temporary file";
	if (what)
		err = errno ? errno : ENOSPC;
	if ((f ? fclose(f) : close(fd)) < 0 && !what) {
		what = "cannot write the temporary file";
		err = errno;
	}
	if (!what && rename(tmp.data, path) < 0) {
		what = "cannot rename the temporary file into place";
		err = errno;
	}
	if (what) {
		fs_warn("%s: %s: %s (the previous report is untouched)", path,
			what, strerror(err));
		unlink(tmp.data);
		fs_buf_release(&tmp);
		free(real);
		return FS_EXIT_DATA;
	}
	fs_buf_release(&tmp);
	free(real);
	return FS_EXIT_OK;
}
