# sacct -p (a | after every field) and jobs on standard input with the tree in FILE
fs-decay --jobs - --elapsed 1h trees/ex1.tsv | grep -E "^#decay_jobs|u1"
