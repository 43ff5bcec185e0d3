/*
 * report_fmt.c: what fs-report's renderers share, below all of them: the
 * display rounding of a service value, usage in hours and escaping for each
 * format.
 */
#include <math.h>

#include "io/report.h"

int
fs_report_flush(struct fs_buf *b, FILE *out, size_t at, int *failed)
{
	if (*failed || b->len < at)
		return -*failed;
	if (fs_write_all(out, b->data, b->len) < 0)
		*failed = 1;
	b->len = 0;
	return -*failed;
}

/* printf("%.*Lf", d, v) for d from 0 to 5 through the number codec's
 * %.6Lf (fs_fmt_fixed6_ld), rounded on: the same digits, since v and its
 * six decimals are within half a millionth and no rounding point of d
 * decimals lies between them unless the cut digits are 5 then zeros
 * (then printf decides). A million of them make an HTML page. */
void
fs_report_fmt_fixed(struct fs_buf *b, long double v, int d)
{
	char s[FS_FMT_MAX + 1], *t = s + 1, *p;
	int n = v >= 0 ? fs_fmt_fixed6_ld(t, v) : -1, end, k;

	if (n >= 0) {
		end = n - 6 + d - (d == 0);	/* after the last digit kept */
		for (k = end + (d == 0); k < n; k++)
			if (t[k] != (k == end + (d == 0) ? '5' : '0'))
				break;
		if (k == n)
			n = -1;	/* exactly half: printf's tie */
	}
	if (n < 0) {
		fs_buf_printf(b, "%.*Lf", d, v);
		return;
	}
	s[0] = '0';
	if (t[end + (d == 0)] >= '5')	/* above half: round up */
		for (p = t + end - 1;; p--) {
			if (*p == '.')
				continue;
			if (*p != '9') {
				++*p;
				break;
			}
			*p = '0';
		}
	p = s[0] == '1' ? s : t;
	fs_buf_add(b, p, (size_t)(t + end - p));
}

void
fs_report_fmt_service(struct fs_buf *b, long double v)
{
	if (v < 0)
		fs_buf_addch(b, '-');
	else if (isinf(v))
		fs_buf_addstr(b, "inf");
	else if (v == 0)
		fs_buf_addch(b, '0');
	else
		fs_buf_printf(b, "%.4Lg", v);
}

/* RawUsage, CPU- or billing-seconds, as hours: two decimals while they
 * matter, whole hours above 100. */
void
fs_report_fmt_hours(struct fs_buf *b, long double seconds)
{
	long double h = seconds / 3600;

	if (h == 0)
		fs_buf_addch(b, '0');
	else if (h < 0.01L)
		fs_buf_addstr(b, "<0.01");
	else if (h < 100)
		fs_report_fmt_fixed(b, h, 2);
	else if (h < 1e15L)
		fs_report_fmt_fixed(b, h, 0);
	else
		fs_buf_printf(b, "%.4Lg", h);
}

/* Bytes HTML text takes as they are: not NUL, not & < > " ', no control
 * characters. */
static int
html_plain(unsigned char c)
{
	return c >= 0x20 && c != 0x7f && c != '&' && c != '<' && c != '>' &&
	       c != '"' && c != '\'';
}

/* Runs of plain bytes are copied whole: a million names go through here. */
void
fs_buf_html(struct fs_buf *b, const char *s)
{
	const char *p;

	for (;; s++) {
		for (p = s; html_plain((unsigned char)*p); p++)
			;
		fs_buf_add(b, s, (size_t)(p - s));
		if (!*(s = p))
			return;
		switch (*s) {
		case '&':
			fs_buf_addstr(b, "&amp;");
			break;
		case '<':
			fs_buf_addstr(b, "&lt;");
			break;
		case '>':
			fs_buf_addstr(b, "&gt;");
			break;
		case '"':
			fs_buf_addstr(b, "&quot;");
			break;
		case '\'':
			fs_buf_addstr(b, "&#39;");
			break;
		default:
			/* Control characters are not allowed in HTML text. */
			fs_buf_addch(b, '?');
		}
	}
}

/* Backslash before the characters that mean something inside a line of
 * Markdown (names never start a line here), and before the HTML that
 * Markdown passes through: "\<script>" renders as text. */
void
fs_buf_markdown(struct fs_buf *b, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_[]<>|&~", *s))
			fs_buf_addch(b, '\\');
		fs_buf_addch(b, (unsigned char)*s < 0x20 || *s == 0x7f ? '?'
								       : *s);
	}
}

void
fs_buf_prom_label(struct fs_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	while (*p)
		switch (*p) {
		case '\\':
			fs_buf_addstr(b, "\\\\");
			p++;
			break;
		case '"':
			fs_buf_addstr(b, "\\\"");
			p++;
			break;
		case '\n':
			fs_buf_addstr(b, "\\n");
			p++;
			break;
		default:
			if ((n = fs_utf8_len(p)) > 0) {
				fs_buf_add(b, p, n);
				p += n;
			} else {
				fs_buf_addstr(b, "\xef\xbf\xbd");
				p++;
			}
		}
}

/* Plain text keeps a mail reader's terminal safe from control bytes. */
