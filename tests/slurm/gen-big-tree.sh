#!/bin/bash
# gen-big-tree.sh DIR [USERS] [PER_USER] [TOP] [SUB]
# Write a large association tree for the test cluster as sacctmgr load files
# DIR/batch-NNN.cfg, each small enough for one 'sacctmgr load' to finish
# quickly (slurmdbd's load is quadratic in the file's size: one 30,000
# association file did not finish in 15 minutes). TOP accounts under root
# (tNN), SUB sub-accounts under each (tNNsMM); USERS users (uNNNNN), each in
# PER_USER accounts spread over the sub-accounts, so that users sit in
# several accounts, the default the first loaded. Shares vary with the name. Defaults: 2475 users in 4
# accounts under 10 x 9 accounts: 9,900 user associations + 100 accounts.
# A batch holds the accounts of one top account and every user association
# under them; the first batch also creates the top accounts.
# Also writes DIR/users (the user names) and DIR/count (associations).
set -eu
dir=$1
users=${2:-2475}
per=${3:-4}
top=${4:-10}
sub=${5:-9}
mkdir -p "$dir"
rm -f "$dir"/batch-*.cfg
awk -v dir="$dir" -v U="$users" -v P="$per" -v T="$top" -v S="$sub" '
function acct(k) { return sprintf("t%02ds%02d", int(k / S), k % S) }
BEGIN {
	n = T * S
	for (t = 0; t < T; t++) {
		f = sprintf("%s/batch-%03d.cfg", dir, t)
		print "Cluster - '\''fstest'\''" > f
		print "Parent - '\''root'\''" > f
		printf "Account - '\''t%02d'\'':Fairshare=%d\n", t, 10 + (t * 7) % 31 > f
		printf "Parent - '\''t%02d'\''\n", t > f
		for (s = 0; s < S; s++)
			printf "Account - '\''%s'\'':Fairshare=%d\n", acct(t * S + s), 1 + (t + s * 3) % 17 > f
		c += 1 + S
	}
	# user u is in accounts (u*7 + j*(n/P)) mod n, j < P: P distinct accounts
	for (u = 0; u < U; u++) {
		name = sprintf("u%05d", u)
		print name > (dir "/users")
		d = n
		for (j = 0; j < P; j++) {
			k = (u * 7 + j * int(n / P)) % n
			if (k < d)
				d = k
		}
		for (j = 0; j < P; j++) {
			k = (u * 7 + j * int(n / P)) % n
			line[k] = line[k] sprintf("User - '\''%s'\'':DefaultAccount='\''%s'\'':Fairshare=%d\n", name, acct(d), 1 + (u + j) % 9)
			c++
		}
	}
	for (k = 0; k < n; k++) {
		f = sprintf("%s/batch-%03d.cfg", dir, int(k / S))
		printf "Parent - '\''%s'\''\n%s", acct(k), line[k] > f
	}
	print c + 1 > (dir "/count")
}'
