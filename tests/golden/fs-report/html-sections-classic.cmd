# The sections of a classic tree: S/U for Level FS, and the users' FairShare beside their rank
fs-tree --sample | fs-rank --algorithm classic | fs-report --html | sed -n -e 's/.*\(div\.k::before{[^}]*}pre\.u::before{[^}]*}\).*/\1/p' -e '/^<div class="t">$/,/^<\/div>$/p'
