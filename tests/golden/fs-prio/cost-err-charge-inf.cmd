# A UsageFactor whose charge is past the largest double: Slurm's would be
# inf, and inf usage ranked as NaN (Level FS -nan, the user's FairShare
# rising after the job). Refused; 1e300 still answers.
fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --usage-factor normal=1e300 -u hep/dave -t 10:00 --cost | sed -n '3p;5p'
fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --usage-factor normal=1e308 -u hep/dave -t 10:00 --cost
