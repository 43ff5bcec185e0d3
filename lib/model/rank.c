/*
 * rank.c: the one place that chooses the algorithm: the rank options from
 * a tree's metadata and the command line, and the dispatch to Fair Tree
 * (fairtree.c) or classic and depth-oblivious (classic.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

void
fs_rank(struct fs_tree *tr, const struct fs_rank_opts *o)
{
	switch (o->algorithm) {
	case FS_ALG_FAIRTREE:
		fs_fairtree(tr, o->ties);
		break;
	case FS_ALG_CLASSIC:
	case FS_ALG_DEPTH_OBLIVIOUS:
		fs_classic(tr, o->algorithm == FS_ALG_DEPTH_OBLIVIOUS,
			   o->dampening);
		break;
	}
}

const char *
fs_algorithm_name(enum fs_algorithm a)
{
	switch (a) {
	case FS_ALG_CLASSIC:
		return "classic";
	case FS_ALG_DEPTH_OBLIVIOUS:
		return "depth-oblivious";
	default:
		return "fairtree";
	}
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
	if (!strcasecmp(s, "fairtree") || !strcasecmp(s, "fair-tree") ||
	    !strcasecmp(s, "fair_tree"))
		*a = FS_ALG_FAIRTREE;
	else if (!strcasecmp(s, "classic") || !strcasecmp(s, "no_fair_tree"))
		*a = FS_ALG_CLASSIC;
	else if (!strcasecmp(s, "depth-oblivious") ||
		 !strcasecmp(s, "depth_oblivious"))
		*a = FS_ALG_DEPTH_OBLIVIOUS;
	else
		return -1;
	return 0;
}
