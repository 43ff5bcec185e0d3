# --mem is per node: two nodes of 64000 MB count 128000 MB of the partition's 1024000 in the TRES factor (mem=125), as slurmctld counts a pending job's memory
fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --set 'PriorityWeightTRES=CPU=1000,Mem=1000' -u astro/bob -n 4 -N 2 --mem 64000 -t 1:00:00 -l
