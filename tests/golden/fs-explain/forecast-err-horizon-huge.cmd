# A horizon of 4083 years (2^31 minutes) is refused at once: a forecast
# steps through every decay run, and this one took a minute before.
fs-tree --sample | timeout 10 fs-explain --forecast --horizon 2147483648 astro/alice bob
