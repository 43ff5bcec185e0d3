fs-tree --sshare sshare/json-2605-ties.json | fs-rank --json=sshare --as-slurm 26.05.5 | sed '/"client": {/,/}/d'
