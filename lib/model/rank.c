/*
 * rank.c: the one place that chooses the algorithm: the rank options from
 * a tree's metadata and the command line, and the dispatch to Fair Tree
 * (fairtree.c) or classic and depth-oblivious (classic.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/model.h"

static void
rank_fairtree(struct fs_tree *tr, const struct fs_rank_opts *o)
{
	fs_fairtree(tr, o->ties);
}

static void
rank_classic(struct fs_tree *tr, const struct fs_rank_opts *o)
{
	fs_classic(tr, 0, o->dampening);
}

static void
rank_oblivious(struct fs_tree *tr, const struct fs_rank_opts *o)
{
	fs_classic(tr, 1, o->dampening);
}

/* What differs between the algorithms, in enum fs_algorithm's order: the
 * name the toolkit writes, the names it reads (slurm.conf's and sshare's
 * spellings), whether it ranks by Level FS, and the ranking itself. */
static const struct {
	const char *name;
	const char *alias[3];
	int levels;
	void (*rank)(struct fs_tree *, const struct fs_rank_opts *);
} algs[] = {
	[FS_ALG_FAIRTREE] = {"fairtree", {"fair-tree", "fair_tree"}, 1,
			     rank_fairtree},
	[FS_ALG_CLASSIC] = {"classic", {"no_fair_tree"}, 0, rank_classic},
	[FS_ALG_DEPTH_OBLIVIOUS] = {"depth-oblivious", {"depth_oblivious"}, 0,
				    rank_oblivious},
};

void
fs_rank(struct fs_tree *tr, const struct fs_rank_opts *o)
{
	algs[o->algorithm].rank(tr, o);
}

const char *
fs_algorithm_name(enum fs_algorithm a)
{
	return algs[a].name;
}

int
fs_algorithm_levels(enum fs_algorithm a)
{
	return algs[a].levels;
}

int
fs_rank_opts_from_meta(struct fs_rank_opts *o, const struct fs_header *h,
		       const char *algorithm, int ties, long dampening,
		       struct fs_err *e)
{
	const char *s;
	char *end;
	long v;

	if (fs_header_whole(h, e) < 0)
		return -1;
	o->show = NULL;
	o->algorithm = FS_ALG_FAIRTREE;
	if (!algorithm && (s = fs_header_meta(h, "algorithm")) &&
	    fs_algorithm_parse(s, &o->algorithm) < 0)
		return fs_error(e, fs_header_meta_line(h, "algorithm"),
				"metadata 'algorithm': unknown algorithm '%s' "
				"(fairtree, classic or depth-oblivious)", s);
	if (algorithm && fs_algorithm_parse(algorithm, &o->algorithm) < 0)
		return fs_error(e, 0, "unknown algorithm '%s' (fairtree, "
				"classic or depth-oblivious)", algorithm);
	o->ties = FS_TIES_SLURM;
	if (ties >= 0)
		o->ties = (enum fs_ties)ties;
	else if ((s = fs_header_meta(h, "ties"))) {
		if (!strcmp(s, "merge"))
			o->ties = FS_TIES_MERGE;
		else if (strcmp(s, "slurm"))
			return fs_error(e, fs_header_meta_line(h, "ties"),
					"metadata 'ties': expected 'slurm' or "
					"'merge', not '%s'", s);
	}
	o->dampening = 1;
	if (dampening > 0)
		o->dampening = (unsigned)dampening;
	else if ((s = fs_header_meta(h, "dampening"))) {
		v = strtol(s, &end, 10);
		if (!*s || *end || v < 1 || v > 65535)
			return fs_error(e, fs_header_meta_line(h, "dampening"),
					"metadata 'dampening': not a number from "
					"1 to 65535: '%s'", s);
		o->dampening = (unsigned)v;
	}
	return 0;
}

int
fs_algorithm_parse(const char *s, enum fs_algorithm *a)
{
	size_t i, k;

	for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		int match = !strcasecmp(s, algs[i].name);

		for (k = 0; !match && k < 3 && algs[i].alias[k]; k++)
			match = !strcasecmp(s, algs[i].alias[k]);
		if (match) {
			*a = (enum fs_algorithm)i;
			return 0;
		}
	}
	return -1;
}
