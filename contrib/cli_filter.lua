--[[
cli_filter.lua: fs-toolkit's lines at submission (fs-prio(1), AT SUBMISSION).

With CliFilterPlugins=cli_filter/lua in slurm.conf, Slurm's sbatch, salloc
and srun run this file (cli_filter.lua next to slurm.conf). For sbatch it
prints one or two lines on standard error: the user's FairShare and rank,
where the job would land among the pending jobs, and what it will cost:

  fs-toolkit: chem/grace: FairShare 0.250000, rank 13 of 16; this job: priority 8479, place 3 of 3 in partition main
  fs-toolkit: its cost: 57600 billing-seconds; once it has run: FairShare 0.125000, rank 15 of 16 (as of 2026-11-25T14:05:00Z)

It asks no daemon: it runs fs-prio --new offline on the snapshot that
fs-cli-filter-snapshot (from cron) keeps in SNAPSHOT, under a timeout. It
never blocks or fails a submission: whatever goes wrong (no snapshot, a
corrupt one, no fs-prio, a timeout, a user or account not in the tree), it
prints nothing and returns slurm.SUCCESS. FS_CLI_FILTER_DEBUG=1 in the
environment shows the command and its errors instead.
]]

local FS_PRIO = "@BINDIR@/fs-prio"
local SNAPSHOT = "/var/lib/fs-toolkit"
local TIMEOUT = 2	-- seconds for both fs-prio runs together
local PENDING = SNAPSHOT .. "/pending.tsv"

local function quote(s)
	return "'" .. string.gsub(s, "'", "'\\''") .. "'"
end

-- An option's value when it matches pattern, else nil (unset options come
-- as nil or as Slurm's placeholders, which match no pattern).
local function opt(options, name, pattern)
	local ok, v = pcall(function() return options[name] end)
	if ok and type(v) == "string" and string.match(v, pattern) then
		return v
	end
	return nil
end

local function readable(path)
	local f = io.open(path, "r")
	if f then
		f:close()
		return true
	end
	return false
end

-- The tree's 'taken' metadata: when the snapshot was taken.
local function taken(path)
	local f = io.open(path, "r")
	if not f then
		return nil
	end
	local t
	for _ = 1, 40 do
		local l = f:read("*l")
		if not l or string.sub(l, 1, 1) ~= "#" then
			break
		end
		t = t or string.match(l, "^#taken=([%dT:Z%-%+]+)$")
	end
	f:close()
	return t
end

-- fs-prio's -Q and --usage-factor from `sacctmgr -nP show qos
-- format=name,priority,usagefactor`.
local function qos_args(path)
	local f = io.open(path, "r")
	if not f then
		return ""
	end
	local prio, factor = {}, {}
	for l in f:lines() do
		local n, p, u = string.match(l,
			"^([%w%._%-]+)|(%d*)|([%d%.]*)$")
		if n then
			if p ~= "" then
				table.insert(prio, n .. "=" .. p)
			end
			if u ~= "" then
				table.insert(factor, n .. "=" .. u)
			end
		end
	end
	f:close()
	local a = ""
	if #prio > 0 then
		a = a .. " -Q " .. quote(table.concat(prio, ","))
	end
	if #factor > 0 then
		a = a .. " --usage-factor " .. quote(table.concat(factor, ","))
	end
	return a
end

-- The shell command: fs-prio for the priority and place, then for the
-- cost, both under one timeout; nil when there is no snapshot.
local function command(options)
	local tree = SNAPSHOT .. "/ranked.tsv"
	local conf = os.getenv("SLURM_CONF") or "/etc/slurm/slurm.conf"
	if not readable(tree) or not readable(conf) then
		return nil
	end
	local a = " --new --tree " .. quote(tree) .. " --conf " .. quote(conf)
	a = a .. qos_args(SNAPSHOT .. "/qos.txt")
	local name = "[%w%._%-]+"
	local acct = opt(options, "account", "^" .. name .. "$")
	local part = opt(options, "partition", "^" .. name)
	local qos = opt(options, "qos", "^" .. name .. "$")
	local ntasks = opt(options, "ntasks", "^[1-9]%d*$")
	local cpt = opt(options, "cpus-per-task", "^[1-9]%d*$")
	local nodes = opt(options, "nodes", "^[1-9]%d*")
	local time = opt(options, "time", "^[%d:%-]+$")
	local mem = opt(options, "mem", "^%d+[KMGTkmgt]?$")
	local uid = opt(options, "uid", "^%d+$")
	if acct then a = a .. " -A " .. quote(acct) end
	if part then
		a = a .. " -p " .. quote(string.match(part, "^" .. name))
	end
	if qos then a = a .. " -q " .. quote(qos) end
	if ntasks then a = a .. " -n " .. ntasks end
	if cpt then a = a .. " -c " .. cpt end
	if nodes then a = a .. " -N " .. string.match(nodes, "^%d+") end
	if time then a = a .. " -t " .. quote(time) end
	if mem then a = a .. " --mem " .. quote(mem) end
	-- The user: root may submit for another (sbatch --uid); 99 and
	-- 65534 are Slurm's and the system's nobody, --uid not given.
	local who = "u=$(id -nu)"
	if uid and uid ~= "99" and uid ~= "65534" then
		who = who .. "; [ \"$(id -u)\" != 0 ] || u=$(id -nu " .. uid ..
			" 2>/dev/null) || u=$(id -nu)"
	end
	local jobs = ""
	if readable(PENDING) then
		jobs = " --jobs-file " .. quote(PENDING)
	end
	local p = quote(FS_PRIO)
	local err = os.getenv("FS_CLI_FILTER_DEBUG") and "" or " 2>/dev/null"
	local script = who .. "; " .. p .. a .. jobs .. " -u \"$u\"" .. err ..
		"; echo @cost@; " .. p .. a .. " --cost -u \"$u\"" .. err
	return "timeout -k 1 " .. TIMEOUT .. " sh -c " .. quote(script) ..
		" </dev/null" .. err
end

-- The one or two lines from fs-prio's output, or nil.
local function lines(out, when)
	local prio_out, cost_out = string.match(out, "^(.*)@cost@\n(.*)$")
	if not prio_out then
		return nil
	end
	local prio = string.match(prio_out, "\npriority: (%d+) =")
	local place = string.match(prio_out, "\nplace: (%d+ of %d+ in partition [^ ]+)")
	local charge = string.match(cost_out, "\nCharge: [^\n]* = ([%d%.e%+]+)")
	local who, fs0, r0, n, fs1, r1 = string.match(cost_out,
		"\n  ([^:\n]+): FairShare ([%d%.]+), rank (%d+) of (%d+) %-> " ..
		"FairShare ([%d%.]+), rank (%d+) of %d+")
	if not who then
		who = string.match(prio_out, "\nnew job: ([^ ]+) in partition")
	end
	if not who then
		return nil
	end
	local l1 = "fs-toolkit: " .. who .. ":"
	local sep = " "
	if fs0 then
		l1 = l1 .. " FairShare " .. fs0 .. ", rank " .. r0 .. " of " .. n
		sep = "; "
	end
	if prio then
		l1 = l1 .. sep .. "this job: priority " .. prio
		if place and readable(PENDING) then
			l1 = l1 .. ", place " .. place
		end
	end
	local t = ""
	if when then
		t = " (as of " .. when .. ")"
	end
	if not (charge and fs1) then
		return l1 .. t .. "\n"
	end
	return l1 .. "\n" .. "fs-toolkit: its cost: " .. charge ..
		" billing-seconds; once it has run: FairShare " .. fs1 ..
		", rank " .. r1 .. " of " .. n .. t .. "\n"
end

local function report(options)
	if opt(options, "type", "^sbatch$") == nil then
		return
	end
	local cmd = command(options)
	if not cmd then
		return
	end
	if os.getenv("FS_CLI_FILTER_DEBUG") then
		io.stderr:write("fs-toolkit: " .. cmd .. "\n")
	end
	local p = io.popen(cmd, "r")
	if not p then
		return
	end
	local out = p:read("*a") or ""
	p:close()
	local l = lines("\n" .. out, taken(SNAPSHOT .. "/ranked.tsv"))
	if l then
		io.stderr:write(l)
	elseif os.getenv("FS_CLI_FILTER_DEBUG") then
		io.stderr:write("fs-toolkit: nothing to say:\n" .. out)
	end
end

function slurm_cli_setup_defaults(options, early_pass)
	return slurm.SUCCESS
end

function slurm_cli_pre_submit(options, pack_offset)
	-- Once per submission: the first component of a heterogeneous job.
	if pack_offset == nil or pack_offset <= 0 then
		pcall(report, options)
	end
	return slurm.SUCCESS
end

function slurm_cli_post_submit(offset, jobid, stepid)
	return slurm.SUCCESS
end
