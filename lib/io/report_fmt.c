/*
 * report_fmt.c: what fs-report's renderers share, below all of them: the
 * display rounding of a service value, usage in hours and escaping for each
 * format.
 */
#include <math.h>

#include "io/report.h"

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
		fs_buf_printf(b, "%.2Lf", h);
	else if (h < 1e15L)
		fs_buf_printf(b, "%.0Lf", h);
	else
		fs_buf_printf(b, "%.4Lg", h);
}

void
fs_buf_html(struct fs_buf *b, const char *s)
{
	for (; *s; s++)
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
			fs_buf_addch(b, (unsigned char)*s < 0x20 || *s == 0x7f
						? '?'
						: *s);
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
