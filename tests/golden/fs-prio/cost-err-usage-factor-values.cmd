# UsageFactors that are not a number 0 or more, or not a finite double:
# each refused in one line.
for f in nan inf -inf 1e400 -0.5 0x1p1024 '' 2x; do
	fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --usage-factor "normal=$f" -u hep/dave -t 10:00 --cost
	echo "normal=$f: status $?"
done
