/*
 * places.c: the queue's places file (#fs-places 1, fs-prio --places),
 * what a submission reads to say where its job stands without reading
 * every pending job: for each partition its PriorityTier, how many
 * entries of the queue come before all of its own (those of partitions of
 * a higher tier that share a node with it: Slurm's scheduler takes the
 * higher tier first), and its pending entries counted by priority, highest
 * first.
 *
 *   #fs-places 1
 *   #taken=2026-11-29T02:00:00Z
 *   Partition	Tier	Before	Priority	Jobs
 *   main	1	0	0	0
 *   main	1	0	9198	2
 *
 * The first row of a partition counts nothing (Priority 0, Jobs 0): it is
 * there for a partition with no pending job. A job in several partitions
 * (or QOS) counts once in each row it has in sprio's listing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io/io.h"

struct entry {
	size_t part;
	uint32_t prio;
};

static int
entry_cmp(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;

	if (a->part != b->part)
		return a->part < b->part ? -1 : 1;
	return a->prio > b->prio ? -1 : a->prio < b->prio;
}

/* Whether partition q is among p's neighbours on the nodes (not known:
 * yes). */
static int
shares(const struct fs_prio_part *p, const char *q)
{
	const char *s = p->shares;
	size_t n = strlen(q);

	if (!s)
		return 1;
	while (*s) {
		if (!strncmp(s, q, n) && (s[n] == ',' || !s[n]))
			return 1;
		s = strchr(s, ',');
		if (!s)
			break;
		s++;
	}
	return 0;
}

void
fs_places_write(const struct fs_prio_snapshot *s, struct fs_buf *b)
{
	const struct fs_prio_cluster *cl = &s->cl;
	struct entry *v = fs_xcalloc(s->njob + 1, sizeof(*v));
	size_t *count = fs_xcalloc(cl->npart + 1, sizeof(*count));
	size_t n = 0, i, k, p;
	char taken[32];

	for (i = 0; i < s->njob; i++) {
		const struct fs_prio_pending *j = &s->job[i];
		const struct fs_prio_part *q;

		if (j->is_new || j->stored ||
		    !(q = fs_prio_part_find(cl, j->part)))
			continue;
		v[n].part = (size_t)(q - cl->part);
		v[n++].prio = j->priority;
		count[q - cl->part]++;
	}
	qsort(v, n, sizeof(*v), entry_cmp);
	fs_iso_time(s->now, taken);
	fs_buf_printf(b, "#fs-places 1\n#taken=%s\n"
		      "Partition\tTier\tBefore\tPriority\tJobs\n", taken);
	for (p = 0, i = 0; p < cl->npart; p++) {
		const struct fs_prio_part *q = &cl->part[p];
		size_t before = 0;

		for (k = 0; k < cl->npart; k++)
			if (cl->part[k].tier > q->tier &&
			    shares(q, cl->part[k].name))
				before += count[k];
		fs_buf_printf(b, "%s\t%u\t%zu\t0\t0\n", q->name, q->tier,
			      before);
		while (i < n && v[i].part == p) {
			size_t same = 0;
			uint32_t prio = v[i].prio;

			for (; i < n && v[i].part == p && v[i].prio == prio;
			     i++)
				same++;
			fs_buf_printf(b, "%s\t%u\t%zu\t%u\t%zu\n", q->name,
				      q->tier, before, prio, same);
		}
	}
	free(v);
	free(count);
}

/* A whole number of a field, from 0 to max. */
static int
field_num(const char *s, size_t len, unsigned long long max,
	  unsigned long long *v)
{
	size_t i;

	*v = 0;
	if (!len || len > 20)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (unsigned)(s[i] - '0');
	}
	return *v <= max ? 0 : -1;
}

int
fs_places_find(const char *text, const char *part, uint32_t prio,
	       struct fs_place *pl, struct fs_err *e)
{
	static const char head[] = "#fs-places 1\n";
	const char *l = text, *nl;
	unsigned long line = 1;
	int found = 0, header = 0;

	memset(pl, 0, sizeof(*pl));
	if (strncmp(text, head, sizeof(head) - 1))
		return fs_error(e, 1, "not a places file (fs-prio --places): "
				"no '#fs-places 1' line");
	for (l = text + sizeof(head) - 1, line = 2; *l; l = nl + 1, line++) {
		const char *f[5];
		size_t len[5], k;
		unsigned long long tier, before, p, jobs;

		if (!(nl = strchr(l, '\n')))
			return fs_error(e, line, "the last line has no end");
		if (*l == '#') {
			if (!strncmp(l, "#taken=", 7) &&
			    (size_t)(nl - l - 7) < sizeof(pl->taken))
				memcpy(pl->taken, l + 7, (size_t)(nl - l - 7));
			continue;
		}
		if (!header) {
			if (strncmp(l, "Partition\tTier\tBefore\tPriority\tJobs\n",
				    (size_t)(nl - l + 1)))
				return fs_error(e, line, "expected the header "
						"Partition, Tier, Before, "
						"Priority, Jobs");
			header = 1;
			/* No partition: the metadata alone. */
			if (!*part)
				return 0;
			continue;
		}
		for (k = 0, f[0] = l; k < 5; k++) {
			const char *end = memchr(f[k], '\t', (size_t)(nl - f[k]));

			if (!end)
				end = nl;
			len[k] = (size_t)(end - f[k]);
			if (k < 4) {
				if (end == nl)
					return fs_error(e, line, "expected 5 "
							"columns");
				f[k + 1] = end + 1;
			} else if (end != nl) {
				return fs_error(e, line, "expected 5 columns");
			}
		}
		if (field_num(f[1], len[1], 4294967295ULL, &tier) < 0 ||
		    field_num(f[2], len[2], 1ULL << 40, &before) < 0 ||
		    field_num(f[3], len[3], 4294967295ULL, &p) < 0 ||
		    field_num(f[4], len[4], 1ULL << 40, &jobs) < 0)
			return fs_error(e, line, "Tier, Before, Priority and "
					"Jobs are whole numbers");
		if (len[0] != strlen(part) || strncmp(f[0], part, len[0])) {
			/* A partition's rows are together: past them, done
			 * (the rest is not read, nor checked). */
			if (found)
				break;
			continue;
		}
		found = 1;
		pl->tier = (uint32_t)tier;
		pl->before = (size_t)before;
		pl->jobs += (size_t)jobs;
		/* The new job comes after its equals. */
		if (p >= prio)
			pl->ahead += (size_t)jobs;
	}
	if (!header)
		return fs_error(e, line, "no header line");
	if (found) {
		pl->place = pl->before + pl->ahead + 1;
		pl->total = pl->before + pl->jobs + 1;
	}
	return found;
}
