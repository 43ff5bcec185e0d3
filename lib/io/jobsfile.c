/*
 * jobsfile.c: fs-prio's offline input of pending jobs (fs-prio(1), INPUT):
 * '#' lines, a header naming the columns (JobID, User, Account and
 * Partition at least), one row of TSV per job. Its time limits and nice
 * values are read as fs-prio's options read them (model/prio_jobs.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/io.h"

/* The jobs file: '#' lines, a header naming the columns, one row per job. */
const char *const fs_job_cols[FS_JC_N] = {
	"JobID", "User", "Account", "Partition", "QOS", "CPUs", "Nodes",
	"TimeLimit", "Accrue", "Nice", "Site", "TRES", "MaxCPUs",
	"FairShare", "Assoc"
};

/* The last Accrue and TimeLimit read, as written (in the text) and as a
 * time and minutes: a queue's jobs share few dates and limits. */
struct last_date {
	const char *s;
	long long t;
	const char *limit_s;
	uint32_t limit;
};

/* A number of 1 to 9 digits and nothing else (what strtoull and strtoll
 * read alike, and cannot overflow), negative after '-' when sign is set,
 * into *x; else 0, for the full readers. */
static int
short_number(const char *v, int sign, long long *x)
{
	const char *p = v + (sign && *v == '-');
	long long n = 0;
	int k;

	for (k = 0; p[k] >= '0' && p[k] <= '9' && k < 10; k++)
		n = n * 10 + (p[k] - '0');
	if (!k || k > 9 || p[k])
		return 0;
	*x = p > v ? -n : n;
	return 1;
}

/* A job id as Slurm writes one: digits, no leading zero, from 1 to
 * 4294967294. */
static int
job_id_ok(const char *v)
{
	unsigned long long x = 0;
	const char *p;

	if (*v < '1' || *v > '9')
		return 0;
	for (p = v; *p >= '0' && *p <= '9' && p - v < 11; p++)
		x = x * 10 + (unsigned)(*p - '0');
	return !*p && x <= 4294967294ULL;
}

static int
job_field(const struct fs_prio_snapshot *s, struct fs_prio_pending *j, int c,
	  const char *v, unsigned long line, struct last_date *ld,
	  struct fs_err *e)
{
	/* Not zeroed whole: 1 KB a field was most of the time of reading
	 * a big queue. */
	struct fs_err te;
	char *end;
	unsigned long long x;
	long long sx;

	te.file = NULL;
	te.line = 0;
	te.msg[0] = '\0';

	switch (c) {
	case FS_JC_CPUS:
	case FS_JC_NODES:
	case FS_JC_MAXCPUS:
		if (c == FS_JC_MAXCPUS && !*v)
			return 0;
		/* A short number is digits to its end (end NULL: nothing
		 * more to check but its value). */
		errno = 0;
		end = NULL;
		if (short_number(v, 0, &sx))
			x = (unsigned long long)sx;
		else
			x = strtoull(v, &end, 10);
		if ((end && (!*v || *end || errno || *v == '-')) ||
		    x > 4294967294ULL || (c != FS_JC_MAXCPUS && !x))
			return fs_error(e, line, "column '%s': not a whole "
					"number from 1 to 4294967294: '%s'",
					fs_job_cols[c], v);
		/* No node count past the cluster's: Slurm refuses it at
		 * submission. */
		if (c == FS_JC_NODES && s->conf.nodes && x > s->conf.nodes)
			return fs_error(e, line, "column 'Nodes': %llu nodes, "
					"the cluster has %u (slurm.conf's "
					"NodeName lines)", x, s->conf.nodes);
		if (c == FS_JC_CPUS)
			j->cpus = (uint32_t)x;
		else if (c == FS_JC_NODES)
			j->nodes = (uint32_t)x;
		else
			j->max_cpus = (uint32_t)x;
		return 0;
	case FS_JC_TIME:
		if (!*v)
			return 0;
		if (ld->limit_s && !strcmp(v, ld->limit_s)) {
			j->time_limit = ld->limit;
			return 0;
		}
		if (fs_prio_parse_limit(v, &j->time_limit, &te) < 0)
			return fs_error(e, line, "column 'TimeLimit': %s",
					te.msg);
		ld->limit_s = v;
		ld->limit = j->time_limit;
		return 0;
	case FS_JC_ACCRUE:
		/* The last date first: a queue's jobs share few. */
		if (ld->s && !strcmp(v, ld->s)) {
			j->accrue = ld->t;
			return 0;
		}
		if (!*v || !strcmp(v, "0") || !strcasecmp(v, "None") ||
		    !strcasecmp(v, "Unknown"))
			return 0;
		if (fs_parse_date(v, &j->accrue, &te) < 0)
			return fs_error(e, line, "column 'Accrue': %s", te.msg);
		ld->s = v;
		ld->t = j->accrue;
		return 0;
	case FS_JC_NICE:
	case FS_JC_SITE:
		if (!*v)
			return 0;
		if (short_number(v, 1, &sx)) {
			*(c == FS_JC_NICE ? &j->nice : &j->site) = sx;
			return 0;
		}
		if (fs_prio_parse_nice(v, c == FS_JC_NICE ? &j->nice
							  : &j->site) < 0)
			return fs_error(e, line, "column '%s': not a whole "
					"number from -2147483645 to 2147483645: "
					"'%s'", fs_job_cols[c], v);
		return 0;
	case FS_JC_FS:
	case FS_JC_ASSOC: {
		/* The factors fs-prio --tsv wrote: taken only on one user's
		 * part of a tree (fs_prio_resolve). */
		double *dst = c == FS_JC_FS ? &j->given_fs : &j->given_assoc;

		if (!*v)
			return 0;
		/* A plain decimal: no hex, space, sign, inf or nan. */
		if (fs_parse_nonneg(v, dst) < 0 || (c == FS_JC_FS && *dst > 1))
			return fs_error(e, line, "column '%s': not a factor "
					"%s: '%s'", fs_job_cols[c], c == FS_JC_FS ?
					"from 0 to 1" : "of 0 or more", v);
		j->given |= c == FS_JC_FS ? 1 : 2;
		return 0;
	}
	case FS_JC_TRES:
		if (*v) {
			double counts[FS_PRIO_TRES_MAX];
			const char *m = te.msg;

			if (fs_prio_parse_tres_counts(&s->conf, v, counts,
						      &te) < 0) {
				/* The column names what the message did. */
				if (!strncmp(m, "TRES: ", 6))
					m += 6;
				else if (!strncmp(m, "TRES ", 5))
					m += 5;
				return fs_error(e, line, "column 'TRES': %s",
						m);
			}
		}
		free(j->tres);
		j->tres = *v ? fs_xstrdup(v) : NULL;
		return 0;
	}
	return 0;
}

/* The job's id, user, account, partition and QOS (normal when not
 * given): the fields themselves, in the text the caller keeps (a big queue
 * is neither 200,000 small allocations nor a copy of its file). */
static void
set_names(struct fs_prio_pending *j, char *const *fields, const int *col)
{
	char **dst[5] = {&j->id, &j->user, &j->acct, &j->part, &j->qos};
	size_t k;

	for (k = 0; k < 5; k++)
		*dst[k] = col[FS_JC_ID + k] >= 0 ? fields[col[FS_JC_ID + k]] :
						(char *)"";
	if (!*j->qos)
		j->qos = (char *)"normal";
	j->borrowed = 1;
}

int
fs_prio_jobs_parse(struct fs_prio_snapshot *s, char *text, struct fs_err *e)
{
	char *line, *next, *fields[64], *end = text + strlen(text);
	int col[FS_JC_N], c, ncols = 0;
	unsigned long lineno = 0;
	struct last_date ld = {NULL, 0, NULL, 0};
	size_t cap = 0, first = s->njob;
	int ret = 0, commas = 0, tres = 0;

	for (c = 0; c < FS_JC_N; c++)
		col[c] = -1;
	/* A job a line at most: sized once, not grown by copies. */
	for (line = text; (line = memchr(line, '\n', (size_t)(end - line))) !=
	     NULL; line++)
		cap++;
	cap += s->njob + 1;
	/* Zeroed (fresh pages, not a memset): each job's record starts
	 * so. Filled at once: its pages in one call, not a fault each. */
	fs_prio_jobs_room(s, cap);
	fs_prefault(s->job + s->njob, (cap - s->njob) * sizeof(*s->job));
	for (line = text; line < end && !ret; line = next) {
		size_t nf = 1, t;
		char *p, *q;
		int cr = 0, over = 0;
		struct fs_prio_pending *j;

		lineno++;
		/* The line and its fields in one pass, 16 bytes a step (its
		 * tabs cut below, once fs_check_line has read it whole). */
		fields[0] = line;
		for (p = line, q = NULL; !q; p += 16) {
			unsigned m;

			if (end - p >= 16)
				m = fs_ctl_mask16(p);
			else {
				/* The last bytes, and the end (its NUL). */
				m = 1u << (end - p);
				for (t = 0; t < (size_t)(end - p); t++)
					if ((unsigned char)p[t] <= '\r')
						m |= 1u << t;
			}
			for (; m; m &= m - 1) {
				char *hit = p + __builtin_ctz(m);

				if (hit == end || *hit == '\n') {
					q = hit;
					break;
				}
				if (*hit == '\t') {
					if (nf < 64)
						fields[nf++] = hit + 1;
					else
						over = 1;
				} else if (*hit == '\r')
					cr = 1;
			}
		}
		next = q < end ? q + 1 : end;
		*q = '\0';
		if (cr && fs_check_line(line, (size_t)(q - line), lineno,
					e) < 0) {
			ret = -1;
			break;
		}
		if (*line == '#')
			continue;
		if (q == line) {
			ret = fs_error(e, lineno, "empty line (remove it)");
			break;
		}
		if (over) {
			ret = fs_error(e, lineno, "more than 64 columns");
			break;
		}
		for (t = 1; t < nf; t++)
			fields[t][-1] = '\0';
		if (!ncols) {
			ncols = (int)nf;
			for (c = 0; c < FS_JC_N; c++) {
				size_t k;

				for (k = 0; k < nf; k++)
					if (!strcmp(fields[k],
						    fs_job_cols[c])) {
						col[c] = (int)k;
						break;
					}
			}
			for (c = FS_JC_ID; c <= FS_JC_PART && !ret; c++)
				if (col[c] < 0)
					ret = fs_error(e, lineno, "header: no "
						       "column '%s' (a jobs "
						       "file needs JobID, "
						       "User, Account and "
						       "Partition)",
						       fs_job_cols[c]);
			continue;
		}
		if ((int)nf != ncols) {
			ret = fs_error(e, lineno, "%zu fields, the header has "
				       "%d", nf, ncols);
			break;
		}
		j = &s->job[s->njob++];
		j->line = lineno;
		j->cpus = j->nodes = 1;
		j->max_cpus = FS_NO_VAL;
		j->time_limit = FS_NO_VAL;
		set_names(j, fields, col);
		for (p = j->part; *p; p++)
			commas |= *p == ',';
		for (p = j->qos; *p; p++)
			commas |= *p == ',';
		for (c = FS_JC_ID; c <= FS_JC_PART && !ret; c++)
			if (!*fields[col[c]])
				ret = fs_error(e, lineno, "column '%s' is "
					       "empty", fs_job_cols[c]);
		if (!ret && !job_id_ok(j->id))
			ret = fs_error(e, lineno, "column 'JobID': not a job "
				       "id (a whole number from 1 to "
				       "4294967294): '%s'", j->id);
		for (c = FS_JC_CPUS; c < FS_JC_N && !ret; c++)
			if (col[c] >= 0)
				ret = job_field(s, j, c, fields[col[c]], lineno,
						&ld, e);
		tres |= j->tres != NULL;
	}
	if (!ret && !ncols)
		ret = fs_error(e, lineno, "no header line (JobID, User, "
			       "Account, Partition, ...)");
	/* Nothing to split when no partition had a comma; nothing to free
	 * one by one when no job has a TRES of its own. */
	if (!ret && !commas && s->one_row == first)
		s->one_row = s->njob;
	if (!tres && s->plain == first)
		s->plain = s->njob;
	return ret;
}

