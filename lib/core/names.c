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

/* The slot of key: its entry, or the free one to fill. */
static size_t *
names_slot(const struct fs_names *x, const char *key, fs_name_fn *name,
	   const void *arg)
{
	uint64_t h = 14695981039346656037u;
	const char *p;
	size_t i;

	for (p = key; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211u;
	i = (size_t)(h ^ (h >> 29)) & (x->slots - 1);
	while (x->slot[i] && strcmp(name(arg, x->slot[i] - 1), key))
		i = (i + 1) & (x->slots - 1);
	return &x->slot[i];
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
	size_t i;

	if (2 * n > x->slots) {
		x->slots = x->slots ? 2 * x->slots : 64;
		free(x->slot);
		x->slot = fs_xcalloc(x->slots, sizeof(*x->slot));
		for (i = 0; i < n; i++)
			*names_slot(x, name(arg, i), name, arg) = i + 1;
	} else
		*names_slot(x, name(arg, n - 1), name, arg) = n;
}

void
fs_names_release(struct fs_names *x)
{
	free(x->slot);
	memset(x, 0, sizeof(*x));
}
