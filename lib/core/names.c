/*
 * names.c: lists of names ("a,b,c") and an index of names kept by the
 * caller.
 */
#include <stdlib.h>

#include "core/core.h"

char **
fs_list_split(const char *s)
{
	size_t n = 2;
	const char *p;
	char **v, *copy, *tok, *save = NULL;

	for (p = s; *p; p++)
		n += *p == ',';
	v = fs_xcalloc(n, sizeof(*v));
	copy = fs_xstrdup(s);
	n = 0;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save))
		v[n++] = tok;
	if (!n)
		free(copy);
	return v;
}

int
fs_list_has(const char *const *list, const char *s, int nocase)
{
	if (!s)
		return 0;
	for (; *list; list++)
		if (nocase ? !strcasecmp(*list, s) : !strcmp(*list, s))
			return 1;
	return 0;
}

void
fs_list_free(char **v)
{
	if (v) {
		free(v[0]);
		free(v);
	}
}

/* Where key's probe starts. */
static size_t
names_hash(const struct fs_names *x, const char *key)
{
	uint64_t h = fs_fnv(FS_FNV_INIT, key);

	return (size_t)(h ^ (h >> 29)) & (x->slots - 1);
}

/* The slot of key: its entry, or the free one to fill. */
static size_t *
names_slot(const struct fs_names *x, const char *key, fs_name_fn *name,
	   const void *arg)
{
	size_t i = names_hash(x, key);

	while (x->slot[i] && strcmp(name(arg, x->slot[i] - 1), key))
		i = (i + 1) & (x->slots - 1);
	return &x->slot[i];
}

/* Twice the slots, entries 0 .. n - 1 indexed again: when distinct
 * (fs_names_put's), no name is compared; otherwise the last of a name
 * wins, as fs_names_add's. */
static void
names_grow(struct fs_names *x, size_t n, fs_name_fn *name, const void *arg,
	   int distinct)
{
	size_t i, k;

	x->slots = x->slots ? 2 * x->slots : 64;
	free(x->slot);
	x->slot = fs_xcalloc(x->slots, sizeof(*x->slot));
	for (i = 0; i < n; i++) {
		if (!distinct) {
			*names_slot(x, name(arg, i), name, arg) = i + 1;
			continue;
		}
		for (k = names_hash(x, name(arg, i)); x->slot[k];
		     k = (k + 1) & (x->slots - 1))
			;
		x->slot[k] = i + 1;
	}
}

size_t
fs_names_find(const struct fs_names *x, const char *key, fs_name_fn *name,
	      const void *arg)
{
	size_t *sl;

	if (!x->slots)
		return SIZE_MAX;
	sl = names_slot(x, key, name, arg);
	return *sl ? *sl - 1 : SIZE_MAX;
}

void
fs_names_add(struct fs_names *x, size_t n, fs_name_fn *name, const void *arg)
{
	if (2 * n > x->slots)
		names_grow(x, n, name, arg, 0);
	else
		*names_slot(x, name(arg, n - 1), name, arg) = n;
}

size_t
fs_names_put(struct fs_names *x, size_t n, fs_name_fn *name, const void *arg)
{
	size_t *sl;

	if (2 * n > x->slots)
		names_grow(x, n - 1, name, arg, 1);
	sl = names_slot(x, name(arg, n - 1), name, arg);
	if (*sl)
		return *sl - 1;
	*sl = n;
	return n - 1;
}

void
fs_names_release(struct fs_names *x)
{
	free(x->slot);
	memset(x, 0, sizeof(*x));
}

size_t
fs_edit_distance(const char *a, const char *b, size_t max)
{
	size_t la = strlen(a), lb = strlen(b), i, j, *row, best, d;

	if ((la > lb ? la - lb : lb - la) > max || la > 256 || lb > 256)
		return max + 1;
	row = fs_xcalloc(lb + 1, sizeof(*row));
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		best = row[0];
		for (j = 1; j <= lb; j++) {
			size_t up = row[j];

			d = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < d)
				d = up + 1;
			if (row[j - 1] + 1 < d)
				d = row[j - 1] + 1;
			row[j] = d;
			diag = up;
			if (d < best)
				best = d;
		}
		if (best > max) {
			free(row);
			return max + 1;
		}
	}
	d = row[lb];
	free(row);
	return d > max ? max + 1 : d;
}
