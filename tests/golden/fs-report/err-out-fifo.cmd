# --out refuses a FIFO at FILE (it would be renamed over with a regular file) and leaves no temporary beside it
t=$(mktemp -d) && trap 'rm -rf "$t"' EXIT && mkfifo "$t/report.txt" && fs-tree --sample | fs-report --markdown --out "$t/report.txt" 2>&1 | sed "s|$t|DIR|g"; echo "status ${PIPESTATUS[1]}"; [ -p "$t/report.txt" ] && echo "DIR/report.txt is still a FIFO" && ls -A "$t"
