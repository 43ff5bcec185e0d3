# The sample's fs-rank -l (sshare -a -l) imported back and ranked again:
# the cells that move, the largest move of each column, and the words of
# fs-tree(1)'s caveat that state them.
o=account,user,rawusage,normusage,effectvusage,levelfs,fairshare
paste -d'|' <(fs-tree --sample | fs-rank -l -P -o $o) \
	<(fs-tree --sample | fs-rank -l | fs-tree --sshare - | fs-rank -l -P -o $o) |
awk -F'|' 'NR > 1 {
	gsub(/^ +/, "", $1)
	for (c = 3; c <= 7; c++) {
		a = $c; b = $(c + 7)
		if (a == b) continue
		n[c]++
		d = a - b; if (d < 0) d = -d
		r = a + 0 ? d / a : 0
		if (r > rel[c]) { rel[c] = r; at[c] = $1 "/" $2 " " a " -> " b }
	}
} NR == 1 { for (c = 3; c <= 7; c++) name[c] = $c }
END {
	for (c = 3; c <= 7; c++)
		printf "%s: %d rows differ; most, relative %.2g: %s\n", name[c], n[c], rel[c], at[c]
}'
grep -c 'chem/alice.s Level FS 1.768883 becomes 1.769104' ../tools/fs-tree/fs-tree.1
