fs-tree --sample | fs-rank --tree | grep -E '^(root|├── chem|│   ├── alice|    └── theory|        └── frank)'
fs-tree --sample | fs-rank -l -o account,user,rawusage | grep -E '^(root| chem|  chem +alice|  theory|   theory +frank)'
fs-tree --sample | fs-explain chem | grep usage
