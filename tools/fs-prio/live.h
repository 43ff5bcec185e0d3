/*
 * live.h: what fs-prio knows of a cluster, from libslurm (live.c) or from
 * slurm.conf, a TSV tree and a jobs file (fs-prio.c). The snapshot owns
 * every string it points to.
 */
#ifndef FS_PRIO_LIVE_H
#define FS_PRIO_LIVE_H

#include "fs.h"

struct prio_qos {
	char *name;
	uint32_t prio;
};

/* An association's Priority (users: account, user, partition). */
struct prio_assoc {
	char *acct, *user, *part;	/* user "" for accounts, part "" */
	uint32_t prio;
};

/* A pending job, or the one not yet submitted. */
struct prio_job {
	char *id, *user, *acct, *part, *qos;
	char *tres;			/* "cpu=4,mem=1G,node=1", or NULL */
	unsigned long line;		/* in the jobs file, 0 live */
	long long accrue;		/* 0: not accruing */
	uint32_t cpus, max_cpus, nodes;	/* max_cpus FS_NO_VAL unset */
	uint32_t time_limit;		/* minutes, FS_NO_VAL, FS_INFINITE */
	int64_t nice, site;
	uint32_t slurm_prio;		/* what Slurm says (live), else 0 */
	int is_new;
	struct fs_prio_job pj;
	struct fs_prio_factors f;
};

struct prio_snapshot {
	struct fs_prio_conf conf;
	struct fs_prio_cluster cl;	/* partitions; live: no nodes */
	double (*part_tres)[FS_PRIO_TRES_MAX];	/* per cl.part, or NULL */
	struct prio_qos *qos;
	size_t nqos;
	uint32_t qos_max;
	struct prio_assoc *assoc;
	size_t nassoc;
	uint32_t assoc_max;
	struct prio_job *job;
	size_t njob;
	struct fs_buf tree;		/* live: the association tree as TSV */
	long long now;			/* live: when it was read */
};

void prio_snapshot_init(struct prio_snapshot *s);
void prio_snapshot_release(struct prio_snapshot *s);

/* 1 when built with libslurm. */
int prio_live_available(void);
/* Read the configuration, partitions, QOS, associations (with a TSV tree
 * of them in s->tree) and pending jobs from the cluster. Returns 0, or -1
 * with e set. */
int prio_live_load(struct prio_snapshot *s, struct fs_err *e);

#endif
