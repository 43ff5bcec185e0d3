# Jobs 2 and 3 ran under associations deleted since (u1 in C, user gone):
# skipped, counted on stderr and in the tree; job 1 alone adds usage, so
# the tree equals the replay of job 1 alone.
a=$(fs-decay --jobs - --skip-unknown --elapsed 1d trees/ex1.tsv) &&
b=$(head -2 golden/fs-decay/jobs-skip-unknown.in | fs-decay --jobs - --elapsed 1d trees/ex1.tsv) &&
printf '%s\n' "$a" | grep '^#decay_jobs' &&
[ "$(printf '%s\n' "$a" | grep -v '^#decay_jobs_skipped')" = "$b" ] && echo 'the same as job 1 alone'
