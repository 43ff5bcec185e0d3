/*
 * model.h: the middle layer of libfs. The fairshare toolkit's own data and
 * Slurm's arithmetic on it: the TSV tree (fs-tsv(5)) and its metadata, the
 * association tree, ranking (Fair Tree, classic, depth-oblivious), decay,
 * the multifactor priority formula, explanations. docs/slurm.md says what
 * of Slurm's behaviour these rely on.
 *
 * Rule: files in lib/model/ include system headers, lib/core/ and
 * lib/model/ headers only: no outside format (sshare, sacct, slurm.conf,
 * JSON, reports) and no libslurm (tests/layers.t checks the includes).
 * Strings inside a tree point into its table's buffer and live as long as
 * it.
 */
#ifndef FS_MODEL_H
#define FS_MODEL_H

#include "core/core.h"

#define FS_TSV_MAGIC "#fs-tsv 1"
/* The first line of fs-prio's TSV (fs-prio(1)), whose prologue has the
 * same metadata lines. */
#define FS_PRIO_MAGIC "#fs-prio 1"
/* The first line of fs-rank --per-user's lists.tsv (fs-rank(1)). */
#define FS_LISTS_MAGIC "#fs-lists 1"
/* The last line of a tree whose metadata says trailer=#end (every tree the
 * toolkit writes): without it the tree was cut short (fs-tsv(5)). */
#define FS_TSV_END "#end"
#define FS_TSV_TRAILER "trailer"
/* Metadata of a tree with rows left out (fs-tree -A/-u): the filter. */
#define FS_TSV_PARTIAL "partial"
/* Metadata of a live tree whose Slurm* columns are what the controller
 * held when it was taken: values=slurmctld (fs_tree_take_slurm). */
#define FS_TSV_VALUES "values"
#define FS_TSV_VALUES_CTLD "slurmctld"

/* The columns of a TSV tree (fs-tsv(5)), each name spelled here once:
 * what the readers look up and the writers put in the header. The
 * ranked columns are fs_computed_cols (output.c). */
#define FS_COL_ACCOUNT "Account"
#define FS_COL_USER "User"
#define FS_COL_PARTITION "Partition"
#define FS_COL_PARENT "Parent"
#define FS_COL_RAW_SHARES "RawShares"
#define FS_COL_RAW_USAGE "RawUsage"
#define FS_COL_GRP_TRES_MINS "GrpTRESMins"
#define FS_COL_GRP_TRES_RAW "GrpTRESRaw"
#define FS_COL_TRES_RUN_MINS "TRESRunMins"
#define FS_COL_ID "ID"
#define FS_COL_PARENT_ID "ParentID"
#define FS_COL_SLURM_NORM_SHARES "SlurmNormShares"
#define FS_COL_SLURM_NORM_USAGE "SlurmNormUsage"
#define FS_COL_SLURM_EFFECTV_USAGE "SlurmEffectvUsage"
#define FS_COL_SLURM_LEVEL_FS "SlurmLevelFS"
#define FS_COL_SLURM_FAIR_SHARE "SlurmFairShare"
#define FS_COL_DEFAULT_ACCOUNT "DefaultAccount"
#define FS_COL_LIST_ORDER "ListOrder"
#define FS_COL_PRIORITY "Priority"

/* ------------------------------------------------------------------ tsv.c */

struct fs_meta {
	char *key, *val;
	unsigned long line;	/* where it was read; 0 when set by a program */
};

/* The prologue of a TSV tree: metadata and column names. */
struct fs_header {
	struct fs_meta *meta;
	size_t nmeta;
	char **cols;
	size_t ncols;
	unsigned long line;	/* line number of the header line */
	int state;		/* reading progress, private */
	/* Private: meta's capacity, and an index of its keys so that many
	 * metadata lines read in linear time. */
	size_t meta_cap;
	struct fs_names index;
};

void fs_header_init(struct fs_header *h);
void fs_header_release(struct fs_header *h);
/* Feed the next input line (without '\n', NUL-terminated, may be modified).
 * Returns 1 when more prologue lines are needed, 0 when this line was the
 * header, -1 on error. */
int fs_header_feed(struct fs_header *h, char *line, size_t len,
		   unsigned long lineno, struct fs_err *e);
int fs_header_col(const struct fs_header *h, const char *name); /* -1 absent */
const char *fs_header_meta(const struct fs_header *h, const char *key);
/* Slurm's defaults for the metadata fs-tree writes from slurm.conf:
 * PriorityDecayHalfLife 7-0 and PriorityCalcPeriod 5 (minutes). */
#define FS_SLURM_HALF_LIFE 604800
#define FS_SLURM_CALC_PERIOD 300
/* The metadata the programs share (fs-tsv(5)), read by one reader. */
struct fs_meta_common {
	long long half_life;	/* seconds; FS_SLURM_HALF_LIFE when absent */
	long long calc_period;	/* seconds; FS_SLURM_CALC_PERIOD when absent */
	long long taken;	/* seconds since the epoch, when has_taken */
	int has_taken;
};
enum { FS_META_HALF_LIFE = 1, FS_META_CALC_PERIOD = 2, FS_META_TAKEN = 4 };
/* Fill m from h's metadata: the keys which names, read in the order
 * half_life, calc_period, taken (the fields of the others keep their
 * defaults). half_life is whole seconds, calc_period whole seconds above
 * 0, taken a date fs_parse_date reads. 0, or -1 with e set at the line of
 * the first that does not read ("metadata 'KEY': ..."). */
int fs_meta_common_read(const struct fs_header *h, unsigned which,
			struct fs_meta_common *m, struct fs_err *e);
/* The input line of a metadata key, 0 if absent or set by a program. */
unsigned long fs_header_meta_line(const struct fs_header *h, const char *key);
/* Set key to val (replacing its value, or appended); returns its index. */
size_t fs_header_set_meta(struct fs_header *h, const char *key,
			  const char *val);
/* Append a column if absent; returns its index. */
int fs_header_add_col(struct fs_header *h, const char *name);
/* The one rule for a metadata key or value: no control character (a byte
 * below 0x20, or 0x7f). A line break would end the line and start
 * another, which a reader takes for more metadata or for the header; the
 * reader refuses the rest too, so that what it passes on can be written
 * again. The first such byte of s, or NULL. */
const char *fs_meta_bad(const char *s);
/* The rule for a field of a row: no tab, line break or NUL (the rest, a
 * control character too, a field may hold). The first such byte of the
 * len bytes at s, or NULL. */
const char *fs_field_bad(const char *s, size_t len);
/* The prologue's one writer: its first line (FS_TSV_MAGIC, FS_PRIO_MAGIC),
 * its metadata lines (fs_meta_put and the two below), its header line
 * (fs_cols_put). Every program's prologue is written by these. */
void fs_prologue_start(struct fs_buf *b, const char *magic);
/* A metadata line: "#key=value\n" onto b. Returns 0, or -1 with b
 * unchanged when key (or an empty key, or one with '=') or value breaks
 * the rule: the caller says whose value it was. */
int fs_meta_put(struct fs_buf *b, const char *key, const char *val);
/* The same with the value made as printf makes it. */
int fs_meta_putf(struct fs_buf *b, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same for a value from outside (NULL for an empty one): -1 with e
 * set ("metadata 'KEY': VALUE has a control character") when refused. */
int fs_meta_put_checked(struct fs_buf *b, const char *key, const char *val,
			struct fs_err *e);
/* The header line's n names, tab-separated, without its '\n'. */
void fs_cols_put(struct fs_buf *b, const char *const *cols, size_t n);
/* The first line and the metadata, with trailer=#end added when absent:
 * whoever writes them ends the rows with FS_TSV_END "\n". Every value in
 * h keeps the rule (the reader's were checked, a program sets none that
 * breaks it). */
void fs_header_put_meta(const struct fs_header *h, struct fs_buf *b);
/* The same and the header line, '\n' included. */
void fs_header_put(const struct fs_header *h, struct fs_buf *b);
/* fs_header_put written to out. */
int fs_header_write(const struct fs_header *h, FILE *out);
/* 0 for a whole tree; -1 with e set for one marked partial, which no
 * program may compute over (fairshare needs every sibling). */
int fs_header_whole(const struct fs_header *h, struct fs_err *e);

/* Reject NUL bytes and carriage returns in one line: 0 or -1. */
int fs_check_line(const char *line, size_t len, unsigned long lineno,
		  struct fs_err *e);
/* Split a row in place at tabs into exactly n fields: 0 or -1. */
int fs_split(char *line, char **fields, size_t n, unsigned long lineno,
	     struct fs_err *e);

/* Lines of a stream, read in large blocks (faster than getline). */
struct fs_lines {
	FILE *in;
	char *buf;
	size_t cap, len, pos;
	int eof;
};
void fs_lines_init(struct fs_lines *l, FILE *in);
/* The next line, its '\n' replaced by NUL, valid until the next call;
 * *len is its length. NULL at the end of the input or on a read error
 * (ferror(l->in) tells). */
char *fs_lines_next(struct fs_lines *l, size_t *len);
/* The next block of whole lines, at least want bytes unless the input ends
 * first: lines keep their '\n' (the last one of the input may lack it and
 * is then followed by a NUL). Valid until the next call; *len its length.
 * NULL at the end or on a read error. Mixes with fs_lines_next. */
char *fs_lines_block(struct fs_lines *l, size_t want, size_t *len);
void fs_lines_release(struct fs_lines *l);
/* Read the prologue, line by line up to the header, into h; *lineno counts
 * its lines. 0, or -1 with the message in e. */
int fs_read_prologue(struct fs_lines *l, struct fs_header *h,
		     unsigned long *lineno, struct fs_err *e);

/* A whole TSV tree in memory. Rows are stored in place in buf: each row's
 * fields are consecutive NUL-terminated strings. Rows are 32-bit offsets
 * into it (4 bytes an association, not 8), so its text is at most
 * FS_TABLE_TEXT_MAX bytes: some 100 million associations. */
#define FS_TABLE_TEXT_MAX ((size_t)UINT32_MAX)
struct fs_table {
	struct fs_header h;
	struct fs_buf buf;
	uint32_t *row;		/* offset in buf.data of each row's first field */
	size_t nrows;
	unsigned long first_line;	/* line number of row 0; rows are consecutive */
	/* Set by a caller that made the table from other text (an import):
	 * the line of that text where each row stands, for messages. Not
	 * owned; NULL for the table's own lines. */
	const unsigned long *row_line;
	int ended;		/* the rows were followed by FS_TSV_END */
	/* Set by a caller that reads one user's part of a ranked tree
	 * (#subset=paths, fs-rank --per-user) without ranking it again:
	 * fs_tree_build refuses such a tree otherwise. */
	int subset_ok;
};

/* The input line of row r, for messages. */
static inline unsigned long
fs_table_line(const struct fs_table *t, size_t r)
{
	return t->row_line ? t->row_line[r] : t->first_line + r;
}

int fs_table_read(struct fs_table *t, FILE *in, struct fs_err *e);
/* Read only the columns named in names (NULL-terminated; those the header
 * has), as a stream: the header then lists those alone; every column of
 * one user's part of a ranked tree (#subset). Every line is checked as
 * fs_table_read checks it. */
int fs_table_read_cols(struct fs_table *t, FILE *in, const char *const *names,
		       struct fs_err *e);
/* Parse from a NUL-terminated buffer that the table takes over. */
int fs_table_parse(struct fs_table *t, struct fs_buf *text, struct fs_err *e);
void fs_table_release(struct fs_table *t);
/* Field c of row r (fields walked; use fs_table_fields for all). */
const char *fs_table_field(const struct fs_table *t, size_t r, size_t c);
/* Bytes of row r, its fields separated by NULs, without the last NUL. */
size_t fs_table_row_len(const struct fs_table *t, size_t r);
/* Fill f[0..ncols-1] with the fields of row r. */
void fs_table_fields(const struct fs_table *t, size_t r, const char **f);

/* ----------------------------------------------------------------- tree.c */

#define FS_NONE UINT32_MAX

/* One association. Indices are into fs_tree.node, which holds the
 * table's rows in order: node i is row i (fs_node_row). */
struct fs_node {
	const char *acct, *user, *part;	/* user is "" on account rows */
	uint32_t parent;	/* direct parent (FS_NONE for root) */
	uint32_t fs_parent;	/* nearest ancestor that is not FairShare=parent */
	uint32_t kids, nkids;	/* direct children: tree.kids[kids..+nkids] */
	uint32_t fs_kids, nfs_kids;	/* Slurm's children_list: tree.fs_kids[] */
	/* root 0 (below FS_TREE_MAX: a tree has no more nodes), and three
	 * flags in the same word, so that the node is 112 bytes, not 128 */
	uint32_t depth : 29;
	uint32_t is_user : 1, use_parent : 1, usage_given : 1;
	uint32_t shares_raw;	/* meaningless when use_parent */
	uint32_t level_shares;	/* sum of shares in the fs parent's list */
	uint32_t rank;		/* Fair Tree rank, users only */
	long double usage_raw;
	/* NormUsage and EffectvUsage are not stored: fs_node_usage_norm,
	 * fs_node_usage_efctv */
	long double level_fs;
	double shares_norm, fs_factor;
};

/* Fetch a whole node ahead of use (112 bytes: two or three cache lines):
 * walks in display or ranking order jump around the node array. */
static inline void
fs_prefetch_node(const struct fs_node *a)
{
	__builtin_prefetch(a);
	__builtin_prefetch((const char *)a + 64);
	__builtin_prefetch((const char *)a + sizeof(*a) - 1);
}

struct fs_tree {
	struct fs_node *node;
	uint32_t n;
	uint32_t root;
	uint32_t *order;	/* sshare's display order: depth first */
	uint32_t *kids;
	uint32_t *fs_kids;
	uint32_t user_count;	/* N: every user association */
	/* The rows are one user's part of a ranked tree (#subset=paths):
	 * user_count is the whole tree's (#users), and the tree must not be
	 * ranked again. */
	int subset;
	int controller_order;	/* siblings in input order, else by name */
	const struct fs_table *t;
	/* Private: the accounts by name, as fs_tree_build indexed them, for
	 * lookups by name (NULL: look through every node). Copies of the
	 * struct share it with the tree they copy. */
	uint32_t *acct_slot;
	size_t acct_mask;
	/* NormUsage of each node as the rows gave it, where a ranked tree
	 * was read back rather than ranked again (fs_tree_read_back: the
	 * columns are the truth); NULL when ranked here (fs_node_usage_norm
	 * computes it). Freed by fs_tree_release; a copy that is ranked
	 * again has NULL. */
	long double *usage_norm;
	/* EffectvUsage of each node where it is not Fair Tree's (classic and
	 * depth-oblivious: fs_rank fills it; a tree read back: the rows'),
	 * NULL where it is (fs_node_usage_efctv computes it). Freed as
	 * usage_norm. */
	long double *usage_efctv;
};

/* The most associations a tree holds (depth fits in 29 bits). */
#define FS_TREE_MAX ((1u << 29) - 1)

/* NormUsage of a node of a ranked tree (docs/slurm.md §2.3): its RawUsage
 * over root's, at most 1, 0 when root has none, NO_VAL for root (Slurm
 * never computes root's). Computed where it is read rather than stored
 * (16 bytes a node), with the same long double division, so the bits are
 * those the ranking would have stored. A tree read back has the rows'
 * values (fs_tree.usage_norm). */
static inline long double
fs_node_usage_norm(const struct fs_tree *tr, const struct fs_node *a)
{
	const struct fs_node *root = &tr->node[tr->root];
	long double u;

	if (tr->usage_norm)
		return tr->usage_norm[a - tr->node];
	if (a == root)
		return (long double)FS_NO_VAL;
	if (root->usage_raw == 0)
		return 0;
	u = a->usage_raw / root->usage_raw;
	return u > 1 ? 1 : u;
}

/* EffectvUsage of a node of a ranked tree (docs/slurm.md §2.3): Fair
 * Tree's is its RawUsage over its fs parent's (0 when that has none, 1 for
 * root), computed where it is read rather than stored (16 bytes a node),
 * with the same long double division as the ranking
 * (fs_fairtree_usage_efctv: from the node's fields alone, so of a copy
 * too); the others' are kept in fs_tree.usage_efctv. */
static inline long double
fs_fairtree_usage_efctv(const struct fs_tree *tr, const struct fs_node *a)
{
	const struct fs_node *p;

	if (a->fs_parent == FS_NONE)
		return 1;	/* root, as Slurm initialises it */
	p = &tr->node[a->fs_parent];
	return p->usage_raw == 0 ? 0 : a->usage_raw / p->usage_raw;
}

static inline long double
fs_node_usage_efctv(const struct fs_tree *tr, const struct fs_node *a)
{
	if (tr->usage_efctv)
		return tr->usage_efctv[a - tr->node];
	return fs_fairtree_usage_efctv(tr, a);
}

/* The table row of a node. */
static inline uint32_t
fs_node_row(const struct fs_tree *tr, const struct fs_node *a)
{
	return (uint32_t)(a - tr->node);
}

/* sshare's display filters, for rows ranked over the whole tree: -A keeps
 * the rows whose account (a user row's own account) is in accounts, any
 * case, sub-accounts not included; -u keeps the user rows whose user is in
 * users (USER: its every association; ACCOUNT/USER: that one), and every
 * account row. Either list may be NULL. One user's part of a ranked tree
 * (tr->subset) shows its user rows alone, as sshare shows a user their
 * own under PrivateData=usage: the part has neither every account nor
 * their usage. Returns one byte per node (1 shown), or NULL when every
 * row is. */
uint8_t *fs_tree_shown(const struct fs_tree *tr, const char *const *accounts,
		       const char *const *users);

/* Whether the tree's metadata says its rows give each parent's children in
 * the order slurmctld holds them (#sibling_order=controller, as a live dump
 * writes): siblings then keep the input's order, for display and for
 * Fair Tree's ties. Otherwise siblings are ordered users first, then
 * accounts, each by name. */
int fs_tree_controller_order(const struct fs_header *h);
/* Slurm 22.05's rebuilt sibling order: users (ua, ub: 1) first, then
 * accounts; users by name then partition, accounts by name. <0, 0, >0. */
static inline int
fs_sibling_cmp(int ua, const char *na, const char *pa, int ub, const char *nb,
	       const char *pb)
{
	int c;

	if (ua != ub)
		return ua ? -1 : 1;
	c = strcmp(na, nb);
	return c || !ua ? c : strcmp(pa, pb);
}
/* The rule that orders tied siblings, in words, from the tree's
 * sibling_order and sibling_rule metadata (for explanations). */
const char *fs_tree_sibling_rule(const struct fs_tree *tr);

/* The columns ranking reads (fs_tree_build), NULL-ended, for
 * fs_table_read_cols: the others, ranked columns among them, are checked
 * but not kept. A forecast also reads what running jobs still charge
 * (TRESRunMins). */
extern const char *const fs_tree_input_cols[];
extern const char *const fs_forecast_input_cols[];
/* Build the tree from a table: validates every row (numbers, duplicates,
 * orphans, cycles, roots). Returns 0 or -1 with e set. */
int fs_tree_build(struct fs_tree *tr, const struct fs_table *t,
		  struct fs_err *e);
/* What a caller reads from the same rows beside the tree's columns (fs-
 * report's ranked columns), while fs_tree_build has each row at hand: a
 * second pass would find the fields again and fetch the row from memory
 * again. fn is called for every row the build accepts, on any core, with
 * the node made from it (before it is stored; fn may fill the fields the
 * build leaves alone: shares_norm, level_fs, fs_factor, rank) and the
 * row's fields, f[c] for column c and f[ncols] just past the row's end.
 * It cannot fail the build: a row it cannot read it notes itself. */
struct fs_row_reader {
	void (*fn)(void *ctx, struct fs_node *a, uint32_t row,
		   const char *const *f);
	void *ctx;
};
int fs_tree_build_reading(struct fs_tree *tr, const struct fs_table *t,
			  const struct fs_row_reader *rr, struct fs_err *e);
void fs_tree_release(struct fs_tree *tr);
/* c: tr with a copy of its nodes to replay and rank (the other arrays
 * shared); free(c->node) when done. */
void fs_tree_copy_nodes(struct fs_tree *c, const struct fs_tree *tr);
/* Before ranking: NormUsage is computed from now on, and EffectvUsage
 * too unless keep_efctv (classic's, kept in tr->usage_efctv). */
void fs_tree_ranked_here(struct fs_tree *tr, int keep_efctv);
/* Free what fs_tree_copy_nodes and ranking the copy allocated. */
void fs_tree_free_copy(struct fs_tree *c);
/* Line of input where node i stands. */
unsigned long fs_tree_line(const struct fs_tree *tr, uint32_t i);
/* Find a user association by "user", "account/user" or
 * "account/user/partition"; returns FS_NONE, or FS_NONE-1 when ambiguous. */
/* How a user is named on a command line and in explanations: ACCOUNT,
 * ACCOUNT/USER or ACCOUNT/USER/PARTITION, where a '/' or '\' inside a name
 * is written with a backslash before it (user "b/c" of account "a" is
 * a/b\/c). fs_buf_name writes one name so; fs_buf_user_spec node i's
 * whole name; fs_spec_split cuts a name at its bare slashes into at most
 * max parts (part[0] owns the memory: free it), returning how many, or -1
 * (nothing to free) when there are more. */
void fs_buf_name(struct fs_buf *b, const char *name);
void fs_buf_user_spec(struct fs_buf *b, const struct fs_tree *tr, uint32_t i);
int fs_spec_split(const char *spec, char **part, int max);
uint32_t fs_tree_find_user(const struct fs_tree *tr, const char *spec);
uint32_t fs_tree_find_account(const struct fs_tree *tr, const char *name);
/* Slurm's level_shares of every association (docs/slurm.md §1.3). */
void fs_tree_level_shares(struct fs_tree *tr);

/* ----------------------------------------------------------------- rank.c */

enum fs_algorithm { FS_ALG_FAIRTREE, FS_ALG_CLASSIC, FS_ALG_DEPTH_OBLIVIOUS };
enum fs_ties { FS_TIES_SLURM, FS_TIES_MERGE };

struct fs_rank_opts {
	enum fs_algorithm algorithm;
	enum fs_ties ties;
	unsigned dampening;	/* FairShareDampeningFactor, >= 1 */
	/* What the writers show, after ranking the whole tree (fs-rank -A,
	 * -u; fs_tree_shown): NULL for every row. */
	const uint8_t *show;
};

/* Fill o from the tree's metadata 'algorithm', 'ties' and 'dampening',
 * each overridden by the caller's own choice when given (algorithm NULL,
 * ties < 0, dampening 0: not given). Returns 0, or -1 with e set at the
 * metadata's line. */
int fs_rank_opts_from_meta(struct fs_rank_opts *o, const struct fs_header *h,
			   const char *algorithm, int ties, long dampening,
			   struct fs_err *e);
/* Dispatch on the algorithm. */
void fs_rank(struct fs_tree *tr, const struct fs_rank_opts *o);
const char *fs_algorithm_name(enum fs_algorithm a);
/* 1 when the algorithm ranks by Level FS (Fair Tree), 0 when by the
 * fairshare factor alone (classic, depth-oblivious). */
int fs_algorithm_levels(enum fs_algorithm a);
int fs_algorithm_parse(const char *s, enum fs_algorithm *a);

/* ------------------------------------------------------------- fairtree.c */

/* Shares and usage normalisation and Level FS per Slurm's Fair Tree
 * (docs/slurm.md §2), then the ranking walk. Pure: fills the computed
 * fields of every node. */
void fs_fairtree(struct fs_tree *tr, enum fs_ties ties);
/* Its first half: every node's shares and usage normalised and its Level
 * FS, no ranks (each user's rank and FairShare 0): for a caller that ranks
 * the few users it needs itself (fs-explain's small tree). */
void fs_fairtree_levels(struct fs_tree *tr);
/* Fair Tree's Level FS of node i, computed alone (for explanations). */
long double fs_fairtree_level_fs(const struct fs_tree *tr, uint32_t i);
/* The children list of p in the order the Fair Tree walk visits it (Level
 * FS computed by fs_fairtree) into v, with tmp as scratch: each holds p's
 * nfs_kids (a deep path's steps reuse theirs). */
void fs_fairtree_walk_order(const struct fs_tree *tr, uint32_t p, uint32_t *v,
			    uint32_t *tmp);

/* -------------------------------------------------------------- classic.c */

/* Classic and depth-oblivious (docs/slurm.md §3): fills the same fields;
 * Level FS 0. */
void fs_classic(struct fs_tree *tr, int depth_oblivious, unsigned dampening);
/* 2^(-(UE/S)/dampening), 0 for no shares (docs/slurm.md §3.5). */
double fs_classic_factor(long double usage_efctv, long double shares_norm,
			 unsigned dampening);
/* Users' ranks by their FairShare, in Fair Tree's sense (N for the best,
 * tied users share the higher rank), so that every algorithm's Rank column
 * reads the same way. */
void fs_classic_rank(struct fs_tree *tr);

/* --------------------------------------------------------------- output.c */

/* The columns ranking computes, in the order the tree writes them. */
#define FS_COMPUTED_N 6
extern const char *const fs_computed_cols[FS_COMPUTED_N];
/* Write the tree as TSV: the table's columns with the computed columns
 * filled in (appended when absent), rows in display order. */
int fs_tree_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		  FILE *out);
/* The rows rows[0..n) (nodes, in that order) as fs_tree_write writes
 * them, its metadata and header first with the extra metadata (key, value,
 * ..., NULL; or NULL), and the end line, into b. hide_usage: account
 * rows keep only their names, parent, ids, list order, Priority, RawShares
 * and NormShares; every other column (usage, TRESRunMins, Level FS, ...)
 * is left empty. */
void fs_tree_put_rows(const struct fs_tree *tr, const struct fs_rank_opts *o,
		      const uint32_t *rows, size_t n, const char *const *extra,
		      int hide_usage, struct fs_buf *b);

/* ------------------------------------------------------------- readback.c */

/* Fill tr's computed fields: from the ranking columns when the table has
 * all of them (fs-rank's output), else by fs_rank() with the algorithm,
 * ties and dampening of the table's metadata. ro receives the options.
 * Returns 0, or -1 with e set (a bad value, a bad metadata entry). */
int fs_tree_read_back(struct fs_tree *tr, struct fs_rank_opts *ro,
		      struct fs_err *e);
/* fs_tree_build and fs_tree_read_back in one, for fs-report --html and
 * --prometheus: the ranked columns are read as the build reads each row
 * (not in a second pass), and under Fair Tree NormShares, NormUsage,
 * EffectvUsage and (level_fs set: the gauges) LevelFS are checked but
 * read only for the nodes the report shows them of, and level_shares is
 * left out. Returns 0, or -1 with e set (the build's message first, then
 * the metadata's, then the first bad row's) and nothing kept. */
int fs_tree_read_back_lazy(struct fs_tree *tr, const struct fs_table *t,
			   struct fs_rank_opts *ro, int level_fs,
			   struct fs_err *e);
/* A node's NormShares, NormUsage, EffectvUsage and LevelFS
 * (fs_tree_norms). */
struct fs_norms {
	double shares_norm;
	long double usage_norm, usage_efctv, level_fs;
};
/* Node i's NormShares, NormUsage, EffectvUsage and LevelFS, read from its
 * row if fs_tree_read_back_lazy left them unread (FS_NO_VAL where empty). */
void fs_tree_norms(const struct fs_tree *tr, uint32_t i, struct fs_norms *n);
/* What the controller held when a live tree was taken (#values=slurmctld):
 * each row's Slurm* columns (SlurmNormUsage, SlurmEffectvUsage,
 * SlurmLevelFS, SlurmFairShare), where given, in place of what fs_rank
 * computed from the usage on a ranked tr (a computed value that travels on
 * the wire as the given one is kept, with its bits): the numbers sshare
 * printed then,
 * right after a restart and on depth-oblivious's first pass too. A Fair
 * Tree user's rank follows from its FairShare; a classic or
 * depth-oblivious user without one gets the factor of the controller's
 * EffectvUsage, and the ranks follow. Returns 0, or -1 with e set at a
 * row whose cell is not a number (tr as ranked). */
int fs_tree_take_slurm(struct fs_tree *tr, const struct fs_rank_opts *ro,
		       struct fs_err *e);

/* --------------------------------------------------------------- sample.c */

extern const char fs_sample_tree[];

/* ---------------------------------------------------------------- decay.c */

/* Slurm's usage decay (docs/slurm.md §4). */
struct fs_decay {
	long long half_life;	/* seconds; <= 0: no decay */
	int exact;		/* 2^(-t/half_life) instead of Slurm's law */
};
/* Slurm's per-second factor 1 - 0.693/half_life (1 when half_life <= 0). */
double fs_decay_df(long long half_life);
/* What usage is multiplied by over t seconds: pow(df, t) clamped to at least
 * DBL_MIN, as the decay thread does; or 2^(-t/half_life) when exact. */
double fs_decay_factor(const struct fs_decay *d, long long t);
/* Usage a job adds over run_delta seconds: run_delta * pow(df, run_delta)
 * * billing, in double, as _apply_new_usage computes it. */
double fs_decay_charge(const struct fs_decay *d, long long run_delta,
		       double billing);

#define FS_JOB_RUNNING INT64_MAX	/* end of a job that has not ended */

/* One job allocation from `sacct -a -X -P`. */
struct fs_job {
	const char *id;		/* JobID; points into the parsed text */
	unsigned long line;	/* its line in the jobs file */
	uint32_t assoc;		/* its user association in the tree */
	long long start, end;	/* seconds since the epoch; end may be
				 * FS_JOB_RUNNING */
	double billing;		/* billing TRES (AllocTRES), else AllocCPUS */
	double usage_factor;	/* the QOS UsageFactor, applied when above 0
				 * (sacct does not show it: 0) */
	long long limit;	/* Timelimit in seconds; 0: none known
				 * (UNLIMITED, Partition_Limit, no column) */
};
struct fs_jobs {
	struct fs_job *job;
	size_t n;
	size_t never_started;	/* rows skipped: Start Unknown or None */
	size_t unknown;		/* jobs skipped: no association in the tree
				 * (fs_jobs_parse's skip_unknown) */
	unsigned long first_unknown;	/* the line of the first of them */
	int has_limit;		/* the text had a Timelimit column */
};

/* A replay of jobs over [from, to] the way slurmctld's decay thread runs
 * every period seconds from `from` (and once more at `to`). */
struct fs_replay {
	long long from, to, period;
	struct fs_decay law;
	/* Results. */
	size_t charged;		/* jobs that added usage */
	unsigned long cycles;	/* decay runs */
	long double factor;	/* product of the decay factors applied */
};
/* Advance every node's usage_raw from r->from to r->to: per cycle, usage
 * of jobs ending in it, decay of all usage, then usage of running jobs.
 * Cost O(cycles * (nodes + running jobs * depth) + jobs log jobs). */
void fs_replay_run(struct fs_tree *tr, const struct fs_jobs *j,
		   struct fs_replay *r);
/* Multiply every node's usage_raw by factor (long double times double). */
void fs_decay_tree(struct fs_tree *tr, double factor);

/* --------------------------------------------------------- decay_stream.c */

/* fs-decay's engine (fs-decay(1)): a TSV tree's RawUsage moved forward in
 * time, or advanced by a replay of jobs. */

/* What was asked. A time, the half-life or the period not given is the
 * tree's: its taken, half_life or calc_period metadata. */
struct fs_decay_opts {
	int elapsed_set, to_set, from_set, half_life_set, period_set;
	long long elapsed, to, from, half_life, period;	/* seconds, dates */
	int exact;		/* 2^(-t/half_life) */
	int reset;		/* zero the usage first */
	int replay;		/* jobs are replayed: calc_period applies */
};
/* What one run does, once the tree's metadata is known. */
struct fs_decay_plan {
	long long taken, from, to, period;
	struct fs_decay law;
	int reset;
	int travel;		/* a time or jobs given: taken and decay_*
				 * are written */
};
/* The plan for o on a tree with header h: 0, or -1 with e set (line 0:
 * a message on metadata names the option that overrides it). */
int fs_decay_plan_make(const struct fs_decay_opts *o, const struct fs_header *h,
		       struct fs_decay_plan *p, struct fs_err *e);
/* Decay the tree read from in (e->file names it) into out, streaming in
 * constant memory. Returns 0; -1 with e set on bad input, the rows before
 * the bad line written and flushed; -2 when writing failed (ferror(out)). */
int fs_decay_stream(const struct fs_decay_opts *o, FILE *in, FILE *out,
		    struct fs_err *e);
/* Replay the jobs j into tree tr of table t as planned (p->reset zeroes
 * the usage first), record it in t's metadata and write the tree to out.
 * Returns 0, or -1 when writing failed. */
int fs_decay_replay(const struct fs_decay_plan *p, struct fs_table *t,
		    struct fs_tree *tr, const struct fs_jobs *j, FILE *out);

/* -------------------------------------------------------------- explain.c */

/* Why one user ranks where it does (fs-explain(1)): facts, not text. Every
 * function reads a tree that fs_rank() has filled. */

/* Find a user named "user", "account/user" or "account/user/partition":
 * 0 with *i set, or -1 with e->msg saying why (not found, an account's
 * name, or ambiguous, listing the choices). */
int fs_explain_find_user(const struct fs_tree *tr, const char *spec,
			 uint32_t *i, struct fs_err *e);

/* The user (is_user) or account name in the tree closest to name, within
 * two edits, for a hint; NULL when there is none or name is in the tree. */
const char *fs_tree_closest(const struct fs_tree *tr, const char *name,
			    int is_user);

/* A user as fs_explain_find_user finds it, else an account by its name:
 * 0 with *i set, or -1 with e->msg saying why (also for root and for a
 * FairShare=parent account, which have no Level FS to compare). */
int fs_explain_find(const struct fs_tree *tr, const char *spec, uint32_t *i,
		    struct fs_err *e);
/* The one of a and b that the other is under (in the association tree),
 * or FS_NONE: two such cannot be compared. */
uint32_t fs_explain_nested(const struct fs_tree *tr, uint32_t a, uint32_t b);
/* The n (1 or 2) associations names[] name (fs_explain_find) into u[],
 * two of them not one under the other: 0, or -1 with e->msg saying why. */
int fs_explain_find_names(const struct fs_tree *tr, char *const *names, int n,
			  uint32_t u[2], struct fs_err *e);

/* What makes one association's Level FS (docs/slurm.md §2.3). */
struct fs_explain_level {
	uint32_t node;
	uint32_t fs_parent;		/* the list it competes in */
	uint32_t level_shares;		/* shares of that list */
	double shares_norm;		/* S = shares_raw / level_shares */
	long double usage_raw;
	long double parent_usage;	/* the fs parent's usage_raw */
	long double usage_efctv;	/* U = usage_raw / parent_usage */
	long double level_fs;		/* S / U */
	uint32_t place, count;		/* walk position (0 first) in the list */
};
void fs_explain_level(const struct fs_tree *tr, uint32_t i,
		      struct fs_explain_level *l);

/* What puts sibling s before node i in Fair Tree's walk. */
enum fs_explain_rule {
	FS_RULE_SAME,		/* one association named twice */
	FS_RULE_LEVEL_FS,	/* higher Level FS */
	FS_RULE_TIED_USERS,	/* equal Level FS, two users: same rank */
	FS_RULE_USER_FIRST,	/* equal, user and account: the user first */
	FS_RULE_LIST_ORDER,	/* equal, two accounts, Slurm: list order */
	FS_RULE_MERGED,		/* equal, two accounts, --ties merge */
	FS_RULE_FACTOR,		/* classic, depth-oblivious: the factors */
	FS_RULE_PARENT		/* s is a FairShare=parent account: no Level
				 * FS of its own (Slurm sorts it by NO_VAL),
				 * its members compete in the same list */
};
enum fs_explain_rule fs_explain_relation(const struct fs_tree *tr,
					 enum fs_ties ties, uint32_t s,
					 uint32_t i);
/* The rule's name in fs-explain --json ("level_fs", "tied_users", ...). */
const char *fs_explain_rule_name(enum fs_explain_rule r);

/* Can more shares make the lower user overtake? */
enum fs_explain_shares {
	FS_SHARES_OK,		/* yes: shares_needed */
	FS_SHARES_PARENT,	/* its association is FairShare=parent */
	FS_SHARES_INF,		/* the other's Level FS is +inf */
	FS_SHARES_LIMIT,	/* not within 4294967295 shares in the level */
	FS_SHARES_NA		/* not Fair Tree, or the same association */
};

/* Why user[0] (A) and user[1] (B) rank as they do. Either may be an
 * account (not one under the other): its rank is 0, and order is the
 * order Fair Tree walks the two sides in (0: tied users, or merged). */
struct fs_explain {
	enum fs_algorithm algorithm;
	enum fs_ties ties;
	uint32_t user[2];
	uint32_t rank[2];		/* 1 = best, of tr->user_count */
	int order;			/* -1 A above B, 0 same rank, 1 below */
	uint32_t ancestor;		/* first common fs ancestor */
	uint32_t merged;		/* --ties merge: tied levels below it */
	struct fs_explain_level side[2];	/* where the paths part */
	enum fs_explain_rule rule;
	int first;			/* side the walk ranks first; -1 none */
	int near_miss;			/* differ, yet print alike at %.6Lf */
	uint32_t carry_from, carry_to;	/* tie carry-in, or FS_NONE */
	int no_usage;			/* root's usage is 0 */
	int lower;			/* side that would overtake: B if A
					 * is above, else A */
	enum fs_explain_shares shares;
	uint32_t shares_now, shares_needed, level_shares_after;
	long double level_fs_after[2];	/* side[] with shares_needed, or
					 * with the most shares (LIMIT) */
	int ranked_copy;		/* a tie made it rank a copy of the
					 * whole tree */
};
void fs_explain_pair(const struct fs_tree *tr, const struct fs_rank_opts *o,
		     uint32_t a, uint32_t b, struct fs_explain *x);

/* A user's path from root in nstep steps: step 0 is root's child, the
 * last the user; before[] are the siblings walked before it, in walk
 * order. The steps are made one at a time, each into the path's one step
 * (a deep path holds its nodes and one list, not thousands of steps). */
struct fs_explain_step {
	struct fs_explain_level level;
	uint32_t *before, nbefore;
};
struct fs_explain_path {
	uint32_t user, rank;		/* rank: 1 = best */
	uint32_t nstep;
	const struct fs_tree *tr;
	uint32_t *node;			/* node[k + 1]: step k's association
					 * (node[0] is root) */
	struct fs_explain_step step;	/* the step made last */
	uint32_t *list, cap;		/* its list, then scratch */
};
void fs_explain_path_init(struct fs_explain_path *p, const struct fs_tree *tr,
			  uint32_t user);
/* Step k (k < nstep), valid until the next call or the release. */
const struct fs_explain_step *fs_explain_path_step(struct fs_explain_path *p,
						   uint32_t k);
void fs_explain_path_release(struct fs_explain_path *p);

/* Who weighs in an account's usage (fs-explain --usage-by): its direct
 * children in the association tree, heaviest first, each with its part of
 * the account's usage and, where the account has a Level FS (Fair Tree,
 * not root, not FairShare=parent), the Level FS and place in its list it
 * would have were that usage never charged (gone from its fs parent's
 * usage too, so its siblings' Level FS move as well). */
struct fs_usage_part {
	uint32_t node;			/* a child; FS_NONE: usage that no
					 * child holds (deleted ones') */
	long double usage;
	long double part;		/* of the account's usage; 0 when
					 * it has none */
	long double level_fs;		/* the account's, without it */
	uint32_t place;			/* its walk position then, 0 first */
};
struct fs_usage_by {
	uint32_t node;			/* the account */
	int levels;			/* level, and each part's level_fs
					 * and place, are set */
	struct fs_explain_level level;	/* the account's now */
	uint32_t nkids;			/* its direct children */
	struct fs_usage_part *part;	/* the heaviest max, heaviest first */
	uint32_t npart;
	uint32_t nmore;			/* the lighter ones left out */
	long double more_usage;		/* and their usage */
};
void fs_explain_usage_by(const struct fs_tree *tr,
			 const struct fs_rank_opts *o, uint32_t acct,
			 uint32_t max, struct fs_usage_by *u);
void fs_explain_usage_by_release(struct fs_usage_by *u);
/* --usage-by SPEC: a user (its account is the one whose list it competes
 * in) or an account (root and FairShare=parent too): 0 with *asked and
 * *acct, or -1 with e->msg saying why (the user's lookup's). */
int fs_explain_usage_by_node(const struct fs_tree *tr, const char *spec,
			     uint32_t *asked, uint32_t *acct,
			     struct fs_err *e);
/* An account's path p: its pair with the sibling walked just before it,
 * into x (what passing it takes): x, or NULL for a user's path or an
 * account walked first. */
const struct fs_explain *fs_explain_path_pass(const struct fs_tree *tr,
					      const struct fs_rank_opts *o,
					      struct fs_explain_path *p,
					      struct fs_explain *x);
/* The words fs-explain's prompt completes on tree tr: help, quit, every
 * user's name alone and ACCOUNT/USER[/PARTITION], ACCOUNT/ for every
 * account; sorted, each once, *n of them (free each, and the array). */
char **fs_explain_completions(const struct fs_tree *tr, size_t *n);
void fs_explain_completions_free(char **cands, size_t n);

/* --------------------------------------------------------- explain_read.c */

/* fs-explain's quick reader: one checking pass over every row
 * of a regular file at fd (from its offset; the offset is left as it is)
 * that keeps no node per row, and a small tree of what explaining spec[0]
 * (and spec[1]) reads: root, the accounts above them and their children.
 * Returns 1 with x filled, or 0 (x empty) when the tree is anything but
 * plainly good in fs-rank's display order, or a name is not found once:
 * then read it the full way, which gives every message. names: the
 * columns to keep (fs_table_read_cols). */
struct fs_explain_read_priv;
struct fs_explain_read {
	struct fs_table t;		/* the rows kept */
	struct fs_tree tr;		/* built from t, each account's
					 * usage that of the whole tree */
	int tabled, built;		/* t, tr are x's to free (the reader's
					 * own: fs_explain_read_take) */
	uint32_t match[2];		/* user rows spec[k] names */
	int is_acct[2];			/* spec[k] is an account */
	uint32_t users;			/* N: users of the whole tree */
	struct fs_explain_read_priv *priv;
};
int fs_explain_read(struct fs_explain_read *x, int fd,
		    const char *const *names, char *const *spec, int nspec);
/* Move the table and tree x read to *t and *tr (tr->t = t), the
 * caller's to free; x keeps what fs_explain_read_ranks needs. */
void fs_explain_read_take(struct fs_explain_read *x, struct fs_table *t,
			  struct fs_tree *tr);
/* After fs_rank(tr) (x's tree, maybe moved): the named users' ranks and
 * factors in the whole tree, the others' 0; 1, 0 when a tie next to a
 * path would share ranks the small tree cannot tell (read it the full
 * way), or -1 when the children of one more account would tell
 * (fs_explain_read_more). */
int fs_explain_read_ranks(struct fs_explain_read *x, struct fs_tree *tr,
			  char *const *spec, int nspec);
/* fs_explain_read_ranks returned -1: the small tree needs the children
 * of one more account to follow a tie (a rank carried from inside it):
 * x's table and tree made again with them (those taken before stay the
 * caller's to free), 1, or 0 (x released). Then take, rank and
 * fs_explain_read_ranks again. */
int fs_explain_read_more(struct fs_explain_read *x);
void fs_explain_read_release(struct fs_explain_read *x);

/* --------------------------------------------------------------- whatif.c */

/* What-if changes (fs-rank(1), fs-explain(1)): --shares ACCOUNT[/USER]=N
 * and --usage ACCOUNT/USER=X. */
enum fs_whatif_kind { FS_WHATIF_SHARES, FS_WHATIF_USAGE };
struct fs_whatif {
	enum fs_whatif_kind kind;
	const char *arg;		/* NAME=VALUE as given */
	char *name;			/* NAME (owned) */
	const char *value;		/* VALUE, in arg */
	uint32_t shares;		/* --shares N */
	int parent;			/* --shares NAME=parent */
	long double usage;		/* --usage X */
};
/* Read arg ("NAME=VALUE") and append it to (*w)[*n]: 0, or -1 with e set
 * (line 0; a usage error). fs_whatif_free frees the n of them. */
int fs_whatif_add(struct fs_whatif **w, size_t *n, enum fs_whatif_kind kind,
		  const char *arg, struct fs_err *e);
void fs_whatif_free(struct fs_whatif *w, size_t n);
/* Table t with the n changes made in order, into *out (released by the
 * caller; t is untouched and must outlive it): the names resolved in t's
 * tree (an account for --shares NAME, a user as fs_explain_find_user finds
 * it), the cells rewritten, accounts that carry a usage of their own moved
 * by their users' changes (the others are summed as ever when the tree is
 * built), and the metadata 'whatif' listing the changes ("shares physics=60
 * (was 40); usage chem/grace=0 (was 30455.125000)"). 0, or -1 with e set. */
int fs_whatif_apply(const struct fs_table *t, const struct fs_whatif *w,
		    size_t n, struct fs_table *out, struct fs_err *e);

/* ----------------------------------------------------------------- cost.c */

/* What a job will cost its user's fairshare (fs-prio --new --cost): the
 * job charged as the decay thread charges it, run to its time limit from
 * start, nothing else running (docs/slurm.md §4.3). */
struct fs_cost_job {
	uint32_t assoc;			/* its user association */
	double billing;			/* fs_prio_billing */
	double usage_factor;		/* the QOS's; 0 charges nothing */
	long long start, seconds;	/* when it starts, its time limit */
	long long period;		/* PriorityCalcPeriod, seconds */
	struct fs_decay law;		/* the tree's half-life */
};
/* One association before or after. */
struct fs_cost_side {
	uint32_t node;
	long double usage, level_fs;
	double fs;
	uint32_t rank;			/* users: 1 = best; accounts 0 */
	uint32_t place, count;		/* in its list's walk, 1 = first */
};
struct fs_cost {
	struct fs_cost_job job;
	double charge;			/* billing × UsageFactor × seconds */
	long double added;		/* the user's usage at the end, above
					 * what it would be without the job */
	unsigned long cycles;		/* decay runs during the job */
	long double factor;		/* what they multiply usage by */
	/* [0] the user, [1] the account whose list it competes in (its fs
	 * parent): in tree tr, and after the job in tr ranked again. */
	struct fs_cost_side before[2], after[2];
};
/* One association's usage, FairShare, rank and Level FS in ranked tree tr. */
void fs_cost_facts(const struct fs_tree *tr, uint32_t i,
		   struct fs_cost_side *s);
/* The cost of job j on tree tr (ranked with o; left as it is). Returns 0,
 * or -1 with e set when the charge (billing x UsageFactor x seconds) is not
 * a finite double. */
int fs_cost_run(const struct fs_tree *tr, const struct fs_rank_opts *o,
		const struct fs_cost_job *j, struct fs_cost *c,
		struct fs_err *e);
struct fs_prio_ctx;
struct fs_prio_pending;
/* What the new job's row j charges (fs-prio --new --cost): its
 * billing (its partition's TRESBillingWeights over its CPUs, mem MB on all
 * its nodes and its nodes; its CPUs without weights), its QOS's
 * UsageFactor, its user association in x->tr, from x->now to its time
 * limit, into cj; cj->law and cj->period are the caller's (the tree's).
 * Returns 0, or -1 with e set (line 0) when the weights do not read. */
int fs_prio_cost_job(const struct fs_prio_ctx *x,
		     const struct fs_prio_pending *j, double mem,
		     struct fs_cost_job *cj, struct fs_err *e);
/* Only the job's charge (c->charge): fs_cost_run's checks, no replay. */
int fs_cost_charge(const struct fs_cost_job *j, struct fs_cost *c,
		   struct fs_err *e);
/* One list on a user association's path, for a job's cost on one user's
 * part of a ranked tree (fs_cost_run_levels): the fs parent's RawUsage,
 * its children as the whole tree has them, and which is on the path. */
struct fs_cost_sib {
	double shares_norm;
	long double usage;
	uint32_t users;			/* user associations in it */
	uint8_t is_user, use_parent;
};
struct fs_cost_level {
	long double parent_usage;
	const struct fs_cost_sib *sib;
	size_t n, at;
};
/* fs_cost_run for a Fair Tree user association of a subset tree (one
 * user's part, #subset=paths), from the lists on its path, root's first
 * (lv[0]) down to the association's own (lv[nlv - 1]): the same replay,
 * then the user's rank counted from the Level FS of every list's nodes
 * at the job's end instead of ranking the whole tree. Fills before[0] and
 * after[0] (not [1]). Returns 0; 1 when the path's node ties with another
 * at the end (the walk's tie rules would need the whole tree); -1 with e
 * set as fs_cost_run. */
int fs_cost_run_levels(const struct fs_tree *tr, const struct fs_cost_job *j,
		       const struct fs_cost_level *lv, size_t nlv,
		       struct fs_cost *c, struct fs_err *e);

/* ------------------------------------------------------------- forecast.c */

/* When will a user recover (fs-explain --forecast): the tree stepped
 * forward by the decay thread's cycles (docs/slurm.md §4), with what the
 * running jobs still charge (added at once, or each job to its end) and
 * each association's steady
 * rate charged as a job running all along, ranked again as it goes, until
 * the goal holds or the horizon is reached. */
#define FS_FORECAST_CHECKS 256
/* How far a forecast looks at most: 100 years (of 365.25 days), and no
 * more decay runs than that is at Slurm's default PriorityCalcPeriod. The
 * cost is linear in decay runs: each multiplies every usage, a long
 * double, by the run's factor and rounds, and k runs at once (one factor
 * pow(f, k)) would not round to the same bits, so quiet stretches cannot be
 * stepped over exactly. By 100 years even a one-year half-life has halved
 * today's usage 100 times, past the 64 bits of a long double: no answer
 * then depends on the usage of today. */
#define FS_FORECAST_MAX_HORIZON (100 * 31557600LL)
#define FS_FORECAST_MAX_RUNS (FS_FORECAST_MAX_HORIZON / FS_SLURM_CALC_PERIOD)
enum fs_forecast_goal {
	FS_GOAL_PASS,		/* the lower of who and other ranks above
				 * (never holds at the start) */
	FS_GOAL_FAIRSHARE,	/* who's FairShare reaches at least fairshare */
	FS_GOAL_RANK		/* who's rank is rank or better (1 best) */
};
struct fs_forecast_opts {
	enum fs_forecast_goal goal;
	uint32_t who, other;		/* other: FS_GOAL_PASS only */
	double fairshare;
	uint32_t rank;
	long long from;			/* the tree's time */
	long long horizon;		/* seconds ahead, > 0 */
	long long period;		/* PriorityCalcPeriod; <= 0: one cycle */
	long long step;			/* the goal is checked every step
					 * (whole periods; at least horizon /
					 * FS_FORECAST_CHECKS), then every
					 * period of the step it first holds
					 * in */
	struct fs_decay law;
	const double *rate;		/* per node (users): billing per second
					 * from `from` on; NULL: none */
	const double *run;		/* per node (users): usage the running
					 * jobs still add, charged at `from`;
					 * NULL: none */
	const struct fs_jobs *jobs;	/* the running jobs themselves, each
					 * charged from `from` to its end
					 * (End, else Start + limit, else
					 * the horizon), as the decay thread
					 * charges a running job; NULL: none */
};
enum fs_forecast_state {
	FS_FORECAST_NOW,	/* the goal holds already */
	FS_FORECAST_AT,		/* first holds at the decay run `at` */
	FS_FORECAST_NOT		/* not by from + horizon */
};
struct fs_forecast {
	enum fs_forecast_state state;
	long long at;			/* AT: the decay run; NOT: the horizon */
	unsigned long cycles;		/* decay runs from `from` to `at` */
	long long step;			/* how often the goal was checked; 0
					 * when it was not (NOW, or no new
					 * usage at all: nothing can move) */
	int lower;			/* FS_GOAL_PASS: 0 who, 1 other */
	/* [0] who, [1] other (FS_GOAL_PASS): now and at `at`. */
	struct fs_cost_side before[2], after[2];
};
/* The end of running job jb as the forecast takes it: its End, else its
 * Start + limit, else FS_JOB_RUNNING (no limit known: to the horizon). */
long long fs_forecast_job_end(const struct fs_job *jb);
/* The decay runs from f->from to the horizon (the last one may be short):
 * what a forecast's cost is linear in; at most FS_FORECAST_MAX_RUNS. */
long long fs_forecast_runs(const struct fs_forecast_opts *f);
/* The forecast on ranked tree tr (left as it is), f->horizon at most
 * FS_FORECAST_MAX_HORIZON and fs_forecast_runs(f) at most
 * FS_FORECAST_MAX_RUNS. Cost O(horizon / step rankings + the cycles of one
 * step) and O(decay runs × (nodes + jobs)). */
void fs_forecast_run(const struct fs_tree *tr, const struct fs_rank_opts *o,
		     const struct fs_forecast_opts *f, struct fs_forecast *r);
/* Each user association's mean billing per second over [from, to] of the
 * jobs j (times their UsageFactor when set; a running job runs to `to`),
 * added into rate[]. */
void fs_forecast_rates(const struct fs_tree *tr, const struct fs_jobs *j,
		       long long from, long long to, double *rate);
/* What each user association's running jobs still charge, from the tree's
 * TRESRunMins column (its billing, else its cpu, minutes times 60) into
 * run[] (0 where the cell is empty). Returns how many users have some, 0
 * without the column, or -1 with e set at the bad cell's line. */
long fs_forecast_running(const struct fs_tree *tr, double *run,
			 struct fs_err *e);
/* --until's fairshare=X (X from 0 to 1) or rank=N (N from 1) into *goal
 * and *fairshare or *rank: 0, or -1 when s is neither. */
int fs_forecast_until(const char *s, enum fs_forecast_goal *goal,
		      double *fairshare, uint32_t *rank);
/* --rate's USER=B (B a number from 0, below 1e15): 0 with *v and the
 * name's length in *len, or -1 when s is not so. */
int fs_forecast_rate_arg(const char *s, size_t *len, double *v);
/* The forecast's clock from a tree's header h: f->from (its 'taken', else
 * now: *has_taken says which), f->period (its 'calc_period', else
 * Slurm's), f->step, f->law.half_life and f->horizon. Returns 0, or -1
 * with e set: bad metadata, or more decay runs to the horizon than
 * FS_FORECAST_MAX_RUNS. */
int fs_forecast_clock(struct fs_forecast_opts *f, const struct fs_header *h,
		      double half_life, long long horizon, int *has_taken,
		      struct fs_err *e);

/* ----------------------------------------------------------------- prio.c */

/* Slurm's multifactor job priority (docs/slurm.md §5), fs-prio(1). */

/* PriorityFlags, with Slurm's bit values (slurm.h PRIORITY_FLAGS_*). */
#define FS_PRIO_ACCRUE_ALWAYS		0x0001u
#define FS_PRIO_MAX_TRES		0x0002u
#define FS_PRIO_SIZE_RELATIVE		0x0004u	/* SMALL_RELATIVE_TO_TIME */
#define FS_PRIO_DEPTH_OBLIVIOUS		0x0008u
#define FS_PRIO_CALCULATE_RUNNING	0x0010u
#define FS_PRIO_FAIR_TREE		0x0020u	/* set by Slurm unless NO_FAIR_TREE */
#define FS_PRIO_INCR_ONLY		0x0040u
#define FS_PRIO_NO_NORMAL_ASSOC		0x0080u
#define FS_PRIO_NO_NORMAL_PART		0x0100u
#define FS_PRIO_NO_NORMAL_QOS		0x0200u
#define FS_PRIO_NO_NORMAL_TRES		0x0400u
#define FS_PRIO_MAX_TRES_GRES		0x0800u	/* 25.05 */
#define FS_PRIO_NO_FAIR_TREE		0x80000000u	/* ours: the flag named */
#define FS_PRIO_TRES_MAX 16

/* The weights and settings: slurm.conf's Priority* values. */
struct fs_prio_conf {
	uint32_t w_age, w_assoc, w_fs, w_js, w_part, w_qos;
	uint32_t max_age;		/* PriorityMaxAge, seconds */
	uint32_t flags;			/* FS_PRIO_* */
	int favor_small;		/* PriorityFavorSmall=YES */
	int type_multifactor;		/* PriorityType=priority/multifactor */
	uint32_t dampening;		/* FairShareDampeningFactor, 0 unset */
	uint32_t nodes, cpus;		/* node_record_count, cluster_cpus */
	size_t ntres;			/* PriorityWeightTRES, in Slurm's
					 * TRES id order; names lower case */
	char tres_name[FS_PRIO_TRES_MAX][40];
	double tres_weight[FS_PRIO_TRES_MAX];
};

/* One job as the formula sees it. */
struct fs_prio_job {
	long long accrue;		/* accrue_time; 0: does not accrue */
	double fs;			/* the association's fairshare factor */
	uint32_t assoc_prio, assoc_max;	/* association Priority, max of all */
	int has_assoc;			/* assoc: the factor as given */
	double assoc;
	uint32_t part_factor, part_max;	/* PriorityJobFactor, max of all */
	uint32_t qos_prio, qos_max;	/* QOS Priority, max of all */
	int has_qos;			/* qos: the factor as given */
	double qos;
	uint32_t total_cpus, max_cpus, min_cpus;	/* max_cpus FS_NO_VAL
							 * when unset */
	uint32_t min_nodes;
	uint32_t time_limit;		/* minutes, FS_NO_VAL unset */
	uint32_t part_max_time;		/* minutes, FS_INFINITE */
	int64_t nice, site;		/* signed; a positive nice lowers */
	/* Per conf TRES (ntres of each; NULL when there are none), held
	 * outside the job so that a job is small when there are few: its
	 * counts, and its partition's totals. */
	double *tres_value;
	const double *tres_part;
};

/* The factors: normalised (or raw under NO_NORMAL_*) and weighted. */
struct fs_prio_factors {
	double age, assoc, fs, js, part, qos;
	double w_age, w_assoc, w_fs, w_js, w_part, w_qos;
	/* Per conf TRES, normalised and weighted: ntres each, where the
	 * caller points them (fs_prio_compute keeps them; NULL when there
	 * are none). */
	double *tres, *w_tres;
	double tres_sum;
	double sum;			/* before clamping */
	int clamped;			/* -1 raised to 1, 1 cut to 2^32-1 */
	uint32_t priority;		/* what Slurm stores */
};

void fs_prio_conf_init(struct fs_prio_conf *c);
/* The priority of j at time now (seconds since the epoch). */
void fs_prio_compute(const struct fs_prio_conf *c, const struct fs_prio_job *j,
		     long long now, struct fs_prio_factors *f);
/* fs_prio_compute's second half: from f's normalised factors and its
 * weighted TRES terms (w_tres), the weighted factors, their sum with site
 * less nice, the clamping and the priority. Called again on the same
 * factors it gives the same bits (fs_prio_factors_of). */
void fs_prio_weigh(const struct fs_prio_conf *c, int64_t site, int64_t nice,
		   struct fs_prio_factors *f);
/* fs_prio_weigh again with the sum it gave for the same factors (kept,
 * rather than added up again): the weighted factors, the clamping and the
 * priority. */
void fs_prio_reweigh(const struct fs_prio_conf *c, double sum,
		     struct fs_prio_factors *f);
/* The factors the controller stored for a job (sprio's): the six weighted
 * ones w (age, assoc, fairshare, job size, partition, QOS) and f's
 * weighted TRES terms (w_tres) into f, each normalised back as sprio
 * does (divided by its weight), their sum as sprio adds them up (site
 * less nice, then each TRES term), clamped as fs_prio_weigh clamps. */
void fs_prio_stored_weigh(const struct fs_prio_conf *c, const double w[6],
			  int64_t site, int64_t nice, struct fs_prio_factors *f);
/* "NO_NORMAL_ALL,SMALL_RELATIVE_TO_TIME": 0, or -1 with e set (line 0). */
int fs_prio_parse_flags(const char *s, uint32_t *flags, struct fs_err *e);
/* The fairshare algorithm the flags select. */
enum fs_algorithm fs_prio_algorithm(uint32_t flags);
/* "CPU=1000,Mem=2000,GRES/gpu=3000" into c's TRES list (a unit suffix
 * divides the weight). Returns 0, or -1 with e set (line 0). */
int fs_prio_parse_tres_weights(struct fs_prio_conf *c, const char *s,
			       struct fs_err *e);
int fs_prio_tres_index(const struct fs_prio_conf *c, const char *name);
/* A partition's TRESBillingWeights into w's TRES list, as
 * fs_prio_parse_tres_weights reads PriorityWeightTRES (Slurm reads both
 * with one function). Returns 0, or -1 with e set (line 0). */
int fs_prio_parse_billing_weights(struct fs_prio_conf *w, const char *s,
				  struct fs_err *e);
/* The billable TRES of a job (calc_job_billable_tres, docs/slurm.md §4.3):
 * its CPUs when w is NULL (no TRESBillingWeights), else the sum over w's
 * TRES but billing of count times weight, in TRES id order; under
 * FS_PRIO_MAX_TRES the node TRES (cpu, mem, node, gres/...) give their
 * largest term instead, plus the sum of the others; under
 * FS_PRIO_MAX_TRES_GRES the largest of cpu, mem and node, plus the sum of
 * the GRES terms, plus the sum of the others. v[] holds the job's counts in
 * w's order (fs_prio_parse_tres_counts; mem in MB). */
double fs_prio_billing(const struct fs_prio_conf *w, uint32_t flags,
		       const double *v, double cpus);
/* The billing of a job of TRES tres ("cpu=4,mem=2048,node=1,gres/gpu=2")
 * in a partition of TRESBillingWeights weights (NULL: none, its CPUs) under
 * PriorityFlags flags, into *billing (fs_prio_billing). Returns 0, or -1
 * with e set (line 0) when the weights or the TRES do not read. */
int fs_prio_billing_of(const char *weights, uint32_t flags, const char *tres,
		       double cpus, double *billing, struct fs_err *e);
/* Counts "cpu=4,mem=2G,node=1" into v[c->ntres] (mem in MB); TRES without
 * a weight are ignored, a TRES named twice is refused. Returns 0, or -1
 * with e set (line 0). */
int fs_prio_parse_tres_counts(const struct fs_prio_conf *c, const char *s,
			      double *v, struct fs_err *e);

/* What slurm.conf says of nodes and partitions. */
struct fs_prio_part {
	char *name, *nodes;
	unsigned long line;
	uint32_t job_factor;		/* PriorityJobFactor */
	uint32_t tier;			/* PriorityTier */
	char *shares;			/* the partitions that share a node
					 * with it, "a,b" (live), or NULL:
					 * not known */
	uint32_t max_time, default_time;	/* minutes; FS_INFINITE,
						 * FS_NO_VAL */
	int is_default;
	char *billing;			/* TRESBillingWeights, or NULL */
	uint32_t node_count, cpus;
	double mem;			/* MB */
	double max_mem;			/* its largest node's RealMemory, MB;
					 * 0 when slurm.conf does not say */
};
/* Private to slurmconf.c: a NodeName range kept whole, the names prefix +
 * k + suffix for k from lo to hi, k zero-padded to width digits (prefix
 * and suffix without digits), chained to the next of its key; and a key,
 * "prefix\nsuffix", with its chain and whether node[] has a name of it. */
struct fs_prio_noderange {
	size_t key, next;
	int width;
	unsigned long lo, hi;
	uint32_t cpus;
	double mem;
	int expanded;			/* into node[]: no longer a range */
};
struct fs_prio_nodekey {
	size_t text, first, nrange;
	int has_node;
};
struct fs_prio_cluster {
	char *cluster;
	/* A node's name is at node_names.data + name: one block for all
	 * of them, not an allocation a node. */
	struct { size_t name; uint32_t cpus; double mem; } *node;
	size_t nnode;
	/* Private: node's capacity and an index of the names, so big
	 * clusters read in linear time. */
	size_t node_cap;
	struct fs_buf node_names;
	struct fs_names node_index;
	/* Private: NodeName ranges kept whole (none of their names is in
	 * node[] or another range), their keys and an index of those;
	 * whether node[]'s names are among the keys. */
	struct fs_prio_noderange *range;
	size_t nrange, range_cap;
	struct fs_prio_nodekey *key;
	size_t nkey, key_cap;
	struct fs_buf key_text;
	struct fs_names key_index;
	int keys_of_nodes;
	struct fs_prio_part *part;
	size_t npart;
	uint32_t part_max;		/* max PriorityJobFactor */
	uint32_t nodes, cpus;
};
void fs_prio_cluster_init(struct fs_prio_cluster *cl);
void fs_prio_cluster_release(struct fs_prio_cluster *cl);
const struct fs_prio_part *fs_prio_part_find(const struct fs_prio_cluster *cl,
					     const char *name);
/* The partition's TRES totals for c's TRES (cpu, billing, mem, node). */
void fs_prio_part_tres(const struct fs_prio_conf *c,
		       const struct fs_prio_part *p, double *v);

/* What fs-prio knows of a cluster: from the live cluster (live.c) or from
 * slurm.conf, a TSV tree and a jobs file (fs-prio). The snapshot owns every
 * string it points to. */
struct fs_prio_qos {
	char *name;
	uint32_t prio;
	double usage_factor;		/* UsageFactor, Slurm's default 1 */
};

/* An association's Priority (users: account, user, partition). */
struct fs_prio_assoc {
	char *acct, *user, *part;	/* user "" for accounts, part "" */
	uint32_t prio;
};

/* What a pending job keeps of its factors (fs_prio_keep): the normalised
 * ones but fairshare, which is the job's fs when its weight is set, and
 * their weighted sum. The weighted ones are computed again when written
 * (fs_prio_factors_of): a big queue is 88 bytes a job smaller so, and that
 * much less fresh memory. */
struct fs_prio_kept {
	double age, assoc, js, part, qos;
	double sum;
};

/* A pending job, or the one not yet submitted. */
struct fs_prio_pending {
	/* What the snapshot frees, first: releasing a big queue reads one
	 * cache line a job. */
	char *id, *user, *acct, *part, *qos;
	char *tres;			/* "cpu=4,mem=1G,node=1", or NULL */
	double *tres_mem;		/* the formula's TRES arrays: counts,
					 * factors, weighted (resolve) */
	unsigned char borrowed;		/* id, user, acct, part and qos
					 * point into the snapshot's
					 * jobs_text (or are "normal"), not
					 * freed one by one */
	unsigned char is_new;
	uint32_t priority;		/* what Slurm stores (fs_prio_keep) */
	unsigned long line;		/* in the jobs file, 0 live */
	long long accrue;		/* 0: not accruing */
	int64_t nice, site;
	long long age_at;		/* live: when the controller last
					 * computed its age; 0 unknown */
	uint32_t cpus, max_cpus, nodes;	/* max_cpus FS_NO_VAL unset */
	uint32_t time_limit;		/* minutes, FS_NO_VAL, FS_INFINITE */
	uint32_t slurm_prio;		/* what Slurm says (live), else 0 */
	/* What fs_prio_resolve found that the outputs show (the rest of
	 * the formula's inputs live only while f is computed): the time
	 * limit the formula reads (minutes; the partition's default or
	 * maximum when the job gives none) and the fairshare factor. */
	uint32_t limit;
	double fs;
	/* A jobs file's FairShare and Assoc factors (fs-prio --tsv writes
	 * them), taken on one user's part of a tree (#subset), which lacks
	 * the job's association; given: 1 FairShare, 2 Assoc. Live, 4: a
	 * job of several QOS whose rows of a QOS of priority 0 take the
	 * job's own QOS's factor (the one the scheduler last set, the first
	 * after a restart), as stored, normalised: given_qos. */
	double given_fs, given_assoc, given_qos;
	unsigned char given;
	struct fs_prio_kept f;
	/* Live, under PriorityFlags=CALCULATE_RUNNING, a job that is not
	 * pending (running, or ended and still in the controller's memory):
	 * its row is the factors the controller stored, as sprio lists
	 * them, weighted: age, assoc, fairshare, job size, partition, QOS
	 * (the first six of fs_prio_factor_name), its TRES ones weighted in tres_mem (counts 0,
	 * normalised, weighted, as resolve makes them) and its nice and site
	 * in nice and site; priority its sum, clamped. Never computed, not
	 * in the queue (no place). NULL for every pending job. */
	double *stored;
};

struct fs_prio_snapshot {
	struct fs_prio_conf conf;
	int have_tree;			/* live: the caller has a tree of its
					 * own (a user's part, under
					 * PrivateData): none is written */
	struct fs_prio_cluster cl;	/* partitions; live: no nodes */
	double (*part_tres)[FS_PRIO_TRES_MAX];	/* per cl.part, or NULL */
	struct fs_prio_qos *qos;
	size_t nqos;
	uint32_t qos_max;
	struct fs_prio_assoc *assoc;
	size_t nassoc;
	uint32_t assoc_max;
	struct fs_prio_pending *job;
	size_t njob;
	size_t job_room;		/* fs_prio_jobs_room's, for job (0:
					 * malloc's, live) */
	size_t plain;			/* job[0..plain) are known to borrow
					 * their names and own nothing (the
					 * jobs file's reader's): release
					 * looks at the others */
	size_t one_row;			/* job[0..one_row) are known to name
					 * one partition and one QOS each
					 * (the jobs file's reader saw no
					 * comma): fs_prio_split_jobs splits
					 * only the others */
	char *jobs_text;		/* a jobs file's text, cut up in place:
					 * the borrowed jobs' names */
	size_t jobs_text_room;		/* fs_free_huge's n for it (0:
					 * malloc's) */
	struct fs_buf tree;		/* live: the association tree as TSV */
	long long now;			/* live: when it was read */
};

void fs_prio_snapshot_init(struct fs_prio_snapshot *s);
/* What job j owns (its names unless borrowed, its TRES arrays). */
void fs_prio_pending_free(struct fs_prio_pending *j);
void fs_prio_snapshot_release(struct fs_prio_snapshot *s);
/* Room in s->job for n jobs (the njob there kept, the rest zeroed): a big
 * queue in 2 MB pages (fs_xcalloc_filled), that fs_prefault makes fast. */
void fs_prio_jobs_room(struct fs_prio_snapshot *s, size_t n);

/* ------------------------------------------------------------ prio_jobs.c */

/* Slurm's rules for the jobs of a snapshot (fs-prio(1)): the partition,
 * QOS and association a job runs under, the job not yet submitted, the
 * order of the queue. */

/* What the rules read: the snapshot; the ranked tree, or NULL (no
 * fairshare factor); whether the snapshot was read offline (messages then
 * point at slurm.conf and --qos-priority); the time the new job would be
 * submitted at. fs_prio_new_job sets newjob. */
/* An index of associations by account and user (fs_prio_ctx_index): the
 * keys "acct\nuser", each with its associations in their order. */
struct fs_prio_assoc_index {
	struct fs_names names;
	struct fs_buf text;		/* the keys, one after another */
	size_t *key;			/* key k's offset in text */
	uint32_t *first, *last;		/* key k's first and last item */
	uint32_t *next;			/* item i's next of its key */
	size_t nkey;
};
struct fs_prio_ctx {
	struct fs_prio_snapshot *s;
	const struct fs_tree *tr;
	int offline;
	long long now;
	struct fs_prio_pending *newjob;	/* the first of its rows */
	size_t nnew;			/* its rows, one per QOS, from newjob
					 * on */
	/* The fairshare of a live tree (its values metadata): "slurmctld",
	 * what the controller holds now, or "next-pass", what its next
	 * pass computes; NULL for another tree. */
	const char *values;
	/* Private: the tree's user associations and s->assoc by account
	 * and user, once fs_prio_ctx_index made them (a big queue under a
	 * big tree is then not jobs times associations); NULL: none. */
	struct fs_prio_assoc_index *tree_ix, *snap_ix;
};

/* The job not yet submitted, as sbatch's options give it: NULL for
 * sbatch's default (the account: the user's only one in the tree). user is
 * USER or ACCOUNT/USER (fs_explain_find_user); its CPUs are ntasks times
 * cpus_per_task. */
struct fs_prio_newjob {
	const char *user, *account, *partition, *qos;
	const char *ntasks, *cpus_per_task, *nodes, *time, *nice, *mem;
	const char *gres, *gpus;	/* sbatch's --gres (a node's) and
					 * --gpus (the job's), or NULL */
	const struct fs_prio_record *rec;	/* a job submitted: its
						 * record, or NULL */
};

/* A job as the controller holds it (fs-prio --submitted reads it right
 * after sbatch submitted it): one component of a heterogeneous job, or an
 * array's pending tasks together. */
enum fs_prio_rec_state {
	FS_REC_PENDING,		/* in the queue */
	FS_REC_HELD,		/* priority 0: out of the queue until released */
	FS_REC_DEPENDENCY,	/* waits for another job */
	FS_REC_BEGIN,		/* not eligible before begin */
	FS_REC_NOT_PENDING	/* running, or already ended */
};
struct fs_prio_record {
	uint32_t id;
	uint32_t het_offset;		/* FS_NO_VAL: not heterogeneous */
	char *user, *acct, *part, *qos;	/* part and qos may be lists */
	char *cluster;			/* the ClusterName of the controller
					 * that sent it, or "" */
	uint32_t priority;		/* the controller's */
	uint32_t *part_prio;		/* one per partition, in the order of
					 * part_prio_names (23.02 on), or
					 * NULL */
	char *part_prio_names;
	uint32_t npart_prio;
	uint32_t time_limit;		/* minutes, FS_NO_VAL, FS_INFINITE */
	double billing;			/* the billing TRES it asked for, or
					 * -1 when the record has none */
	char *tres;			/* the TRES it asked for, or NULL */
	uint32_t cpus, nodes;
	int64_t nice;
	uint32_t tasks;			/* an array's tasks in this record,
					 * else 1 */
	int exclusive;			/* --exclusive: whole nodes */
	enum fs_prio_rec_state state;
	long long begin;		/* FS_REC_BEGIN's time */
};
void fs_prio_records_free(struct fs_prio_record *r, size_t n);
/* The tasks of an array's "1-10", "1,3,5-9:2" ("%N", a limit on those
 * running at once, is not a count): 1, or 0 when s is not of that form. */
int fs_prio_array_tasks(const char *s, uint32_t *n);
/* The billing=N of a TRES list ("cpu=4,mem=2G,node=1,billing=4"): 1, or 0
 * when it has none. */
int fs_prio_tres_billing(const char *tres, double *billing);

/* A time limit in minutes: slurm.conf's forms, a number with a unit, or
 * UNLIMITED/INFINITE; a nice or site value (from -2147483645 to
 * 2147483645, 0 or -1). */
int fs_prio_parse_limit(const char *s, uint32_t *min, struct fs_err *e);
int fs_prio_parse_nice(const char *s, int64_t *v);
/* The QOS named, or -1. */
int fs_prio_find_qos(const struct fs_prio_snapshot *s, const char *name);
/* The association a job of acct/user in partition part runs under: the
 * partition's own, else the one without a partition; FS_NONE or NULL when
 * there is neither. */
uint32_t fs_prio_tree_assoc(const struct fs_tree *tr, const char *acct,
			    const char *user, const char *part);
const struct fs_prio_assoc *fs_prio_snap_assoc(
	const struct fs_prio_snapshot *s, const char *acct, const char *user,
	const char *part);
/* The indexes of x's tree and snapshot associations (fs_prio_resolve
 * finds a job's association through them): once both are read, before
 * the jobs are resolved. fs_prio_ctx_release frees them. */
void fs_prio_ctx_index(struct fs_prio_ctx *x);
void fs_prio_ctx_release(struct fs_prio_ctx *x);
/* --qos-priority's "normal=0,high=100" into s->qos, with normal at 0 unless
 * given. Returns 0, or -1 with e set. */
int fs_prio_parse_qos(struct fs_prio_snapshot *s, const char *list,
		      struct fs_err *e);
/* --usage-factor's "scavenger=0.5,gpu=2" into s->qos's UsageFactor (a QOS
 * not yet named is added with priority 0). Returns 0, or -1 with e set. */
int fs_prio_parse_usage_factors(struct fs_prio_snapshot *s, const char *list,
				struct fs_err *e);
/* The association priorities of the tree's optional Priority column into
 * s->assoc. Returns 0, or -1 with e set at the line. */
int fs_prio_tree_priorities(struct fs_prio_snapshot *s,
			    const struct fs_tree *tr, struct fs_err *e);
/* A job pending in several partitions or QOS ("p1,p2", "high,low")
 * becomes a row per partition and QOS, as sprio shows it: its partitions
 * in the order given, in each its QOS as the controller orders them (by
 * priority, highest first), each once, up to the first one that does not
 * exist (which fs_prio_resolve then names). Each row has its QOS's factor
 * (docs/slurm.md §5.6). Returns 0, or -1 with e set at the line when a job
 * id has two rows of one partition and QOS (rows of one id are one job,
 * as in fs-prio's own TSV). */
int fs_prio_split_jobs(struct fs_prio_snapshot *s, struct fs_err *e);
/* The formula's inputs for j into pj (fs_prio_compute's; its TRES
 * counts in j->tres_mem), from the snapshot and tree, and j->limit and
 * j->fs. Returns 0, or -1 with e set when the job names a partition, QOS,
 * association or TRES that does not exist. */
int fs_prio_resolve(const struct fs_prio_ctx *x, struct fs_prio_pending *j,
		    struct fs_prio_job *pj, struct fs_err *e);
/* j's factors at now from pj (fs_prio_resolve's), kept in j
 * (fs_prio_keep). */
void fs_prio_pending_compute(const struct fs_prio_conf *c,
			     struct fs_prio_pending *j,
			     const struct fs_prio_job *pj, long long now);
/* What j keeps of f (f.fs is j->fs or 0), and j's factors whole again:
 * the kept ones, its TRES arrays (j->tres_mem) and fs_prio_reweigh's, the
 * same bits fs_prio_compute gave. */
void fs_prio_keep(struct fs_prio_pending *j, const struct fs_prio_factors *f);
void fs_prio_factors_of(const struct fs_prio_conf *c,
			const struct fs_prio_pending *j,
			struct fs_prio_factors *f);
/* The new job's sizes from o into j and *mem (MB), checked before the
 * cluster is asked. Returns 0, or -1 with e set (a usage error). */
int fs_prio_job_opts(const struct fs_prio_newjob *o, struct fs_prio_pending *j,
		     double *mem, struct fs_err *e);
/* o's --gres and --gpus as TRES counts appended to b (",gres/gpu=4"; a
 * typed one ",gres/gpu:a100=2" as well): --gres's NAME[:TYPE][:COUNT]
 * list per node, times nodes; --gpus's [TYPE:]COUNT list for the job.
 * Returns 0, or -1 with e set (e->file the option). */
int fs_prio_new_gres(const struct fs_prio_newjob *o, uint32_t nodes,
		     struct fs_buf *b, struct fs_err *e);
/* The DefaultAccount cell of user's rows in the tree (the account sbatch
 * uses without -A), or NULL when the tree has none for the user. */
const char *fs_prio_default_account(const struct fs_tree *tr,
				    const char *user);
/* The new job, appended to x->s's jobs, checked against its partition
 * and resolved (x->newjob): a row for each of its QOS (-q high,low) in the
 * controller's order (x->nnew of them). Returns 0, -1 with e set, or -2
 * with e set when an option is malformed (a usage error). */
int fs_prio_new_job(struct fs_prio_ctx *x, const struct fs_prio_newjob *o,
		    struct fs_err *e);
/* The order of the n jobs (their priorities computed) in the queue, into
 * order: best first, the new job after its equals, then by job id (as
 * numbers when both are), then partition, then QOS. */
void fs_prio_queue_order(const struct fs_prio_pending *job, size_t n,
			 size_t *order);
/* The weighted factors a priority is the sum of (nice counts negative),
 * named by fs_prio_factor_name. */
#define FS_PRIO_NFACTOR 9
extern const char *const fs_prio_factor_name[FS_PRIO_NFACTOR];
void fs_prio_weighted(const struct fs_prio_conf *c,
		      const struct fs_prio_pending *j,
		      double v[FS_PRIO_NFACTOR]);
/* The factor that puts a ahead of b: the largest positive difference d
 * (all FS_PRIO_NFACTOR into d), or -1 when none is higher. */
int fs_prio_decides(const struct fs_prio_conf *c,
		    const struct fs_prio_pending *a,
		    const struct fs_prio_pending *b, double d[FS_PRIO_NFACTOR]);

#endif
