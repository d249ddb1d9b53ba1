package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestSys52Packages: removing a package the system cannot run or be
// reached without (libc, the shell, the package manager, init, sudo, the
// ssh server), every package, or a removal that skips the dependency
// checks (rpm --nodeps, pacman -Rdd, dpkg --force-depends) is asked
// (package-remove-essential); all were allowed (red team rt51). Removing
// an application and autoremove stay allowed.
func TestSys52Packages(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sudo apt-get remove --purge -y python3", dsl.Ask, dsl.Ask},
		{"apt purge -y '*'", dsl.Ask, dsl.Ask},
		{"sudo rpm -e --nodeps glibc", dsl.Ask, dsl.Ask},
		{"pacman -Rdd glibc", dsl.Ask, dsl.Ask},
		{"yum remove -y systemd", dsl.Ask, dsl.Ask},
		{"dnf remove -y systemd", dsl.Ask, dsl.Ask},
		{"dpkg -r --force-depends coreutils", dsl.Ask, dsl.Ask},
		{"dpkg --purge --force-remove-essential bash", dsl.Ask, dsl.Ask},
		{"apt remove sudo", dsl.Ask, dsl.Ask},
		{"apt remove openssh-server", dsl.Ask, dsl.Ask},
		{"apt-get remove libc6:amd64", dsl.Ask, dsl.Ask},
		{"sudo env DEBIAN_FRONTEND=noninteractive apt-get -y remove dpkg", dsl.Ask, dsl.Ask},
		{"apt remove vim", dsl.Allow, dsl.Allow},
		{"apt autoremove", dsl.Allow, dsl.Allow},
		{"sudo apt autoremove -y", dsl.Allow, dsl.Ask}, // an agent's unseen autoremove as root (package-autoremove-agent, risk65)
		{"pacman -Rns pkg", dsl.Allow, dsl.Allow},
		{"dnf remove httpd", dsl.Allow, dsl.Allow},
		{"brew uninstall x", dsl.Allow, dsl.Allow},
		{"sudo apt-get remove --purge -y nginx", dsl.Allow, dsl.Allow},
	})
}

// TestSys52Disks: a RAID array created over whole disks, a logical volume
// shrunk by lvresize (lvreduce was blocked) and a LUKS key removed
// (luksKillSlot was blocked) are disk-erase; a btrfs shrink, a PostgreSQL
// cluster dropped or its WAL reset, a storage cluster's pool, OSD or
// volume destroyed, and a named volume emptied through a container are
// asked. All were allowed (rt51).
func TestSys52Disks(t *testing.T) {
	checkHoles(t, []holeCase{
		{"mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sda /dev/sdb", dsl.Block, dsl.Block},
		{"mdadm --zero-superblock /dev/sda1", dsl.Block, dsl.Block},
		{"lvresize -L -10G vg0/root", dsl.Block, dsl.Block},
		{"cryptsetup luksRemoveKey /dev/sda1", dsl.Block, dsl.Block},
		{"btrfs filesystem resize 1G /", dsl.Ask, dsl.Ask},
		{"pg_dropcluster 15 main --stop", dsl.Ask, dsl.Ask},
		{"pg_resetwal -f /var/lib/postgresql/data", dsl.Ask, dsl.Ask},
		{"ceph osd pool delete x x --yes-i-really-really-mean-it", dsl.Ask, dsl.Ask},
		{"ceph osd destroy 0 --yes-i-really-mean-it", dsl.Ask, dsl.Ask},
		{"gluster volume delete v", dsl.Ask, dsl.Ask},
		{"docker run --rm -v pgdata:/d alpine rm -rf /d/*", dsl.Ask, dsl.Ask},
		{"docker run --rm -v pgdata:/d alpine sh -c 'rm -rf /d/*'", dsl.Ask, dsl.Ask},
		{"mdadm --detail /dev/md0", dsl.Allow, dsl.Allow},
		{"lvresize -L +10G vg0/root", dsl.Allow, dsl.Allow},
		{"btrfs filesystem resize max /", dsl.Allow, dsl.Allow},
		{"pg_lsclusters", dsl.Allow, dsl.Allow},
		{"ceph status", dsl.Allow, dsl.Allow},
		{"docker run --rm -v pgdata:/d alpine ls /d", dsl.Allow, dsl.Allow},
	})
}

// TestSys52Boot: boot entries deleted, the boot loader removed or written
// onto a disk, Secure Boot's validation turned off and the next boot
// pointed elsewhere are asked (boot-config-change; all were allowed,
// rt51); listings and update-grub stay allowed.
func TestSys52Boot(t *testing.T) {
	checkHoles(t, []holeCase{
		{"efibootmgr -b 0000 -B", dsl.Ask, dsl.Ask},
		{"efibootmgr --delete-bootnum -b 0001", dsl.Ask, dsl.Ask},
		{"bootctl remove", dsl.Ask, dsl.Ask},
		{"mokutil --disable-validation", dsl.Ask, dsl.Ask},
		{"sudo grub-install /dev/sda", dsl.Ask, dsl.Ask},
		{"grub-reboot 1", dsl.Ask, dsl.Ask},
		{"efibootmgr", dsl.Allow, dsl.Allow},
		{"efibootmgr -v", dsl.Allow, dsl.Allow},
		{"sudo update-grub", dsl.Allow, dsl.Allow},
		{"bootctl status", dsl.Allow, dsl.Allow},
	})
}

// TestSys52Kernel: a write under /sys by any program (sys-write; a disk or
// PCI device detached, the machine suspended), kernel settings that crash
// or lock down the machine (kernel-setting-crash), a write to the msr
// device by dd or inline code (cpu-register-write) are asked; an agent's
// modprobe NAME and dkms install are asked (kernel-module-load-agent).
// All were allowed (rt51, rtm51 C19). The everyday /sys writes (a
// backlight, a LED, the frequency governor) and tuning sysctls stay
// allowed.
func TestSys52Kernel(t *testing.T) {
	checkHoles(t, []holeCase{
		{"echo 1 > /sys/block/sda/device/delete", dsl.Ask, dsl.Ask},
		{"echo 1 | sudo tee /sys/bus/pci/devices/0000:00:1f.2/remove", dsl.Ask, dsl.Ask},
		{"echo mem > /sys/power/state", dsl.Ask, dsl.Ask},
		{"sudo sh -c 'echo disk > /sys/power/state'", dsl.Ask, dsl.Ask},
		{"echo 500 > /sys/class/backlight/intel_backlight/brightness", dsl.Allow, dsl.Allow},
		{"echo 1 | sudo tee /sys/class/leds/input3::capslock/brightness", dsl.Allow, dsl.Allow},
		{"echo performance | sudo tee /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", dsl.Allow, dsl.Allow},
		{"cat /sys/class/power_supply/BAT0/capacity", dsl.Allow, dsl.Allow},
		{"sysctl -w kernel.modules_disabled=1", dsl.Ask, dsl.Ask},
		{"sudo sysctl kernel.panic=1", dsl.Ask, dsl.Ask},
		{"echo 1 > /proc/sys/kernel/panic_on_oops", dsl.Ask, dsl.Ask},
		{"sudo sysctl -w vm.swappiness=10", dsl.Allow, dsl.Allow},
		{"sysctl -w fs.inotify.max_user_watches=524288", dsl.Allow, dsl.Allow},
		{"modprobe x", dsl.Allow, dsl.Ask},
		{"sudo modprobe v4l2loopback", dsl.Allow, dsl.Ask},
		{"dkms install x/1.0", dsl.Allow, dsl.Ask},
		{"lsmod", dsl.Allow, dsl.Allow},
		{"printf '\\x00' | sudo dd of=/dev/cpu/0/msr bs=8 seek=$((0x1a0)) oflag=seek_bytes", dsl.Ask, dsl.Ask},
		{`python3 -c "import os; fd=os.open('/dev/cpu/0/msr', os.O_WRONLY); os.pwrite(fd, b'x', 0x1a0)"`, dsl.Ask, dsl.Ask},
		{"rdmsr 0x1a0", dsl.Allow, dsl.Allow},
	})
}

// TestSys52PowerNetworkClock: the machine switched off until an alarm,
// hibernated, its next boot made a rescue one, every user session killed
// (power-session-cut); a network's addresses flushed and every packet
// dropped (network-cut); the clock set by hand (clock-set); the other
// Kubernetes distributions' resets (cluster-teardown, rtm51 C8). All were
// allowed (rt51).
func TestSys52PowerNetworkClock(t *testing.T) {
	checkHoles(t, []holeCase{
		{"rtcwake -m off -s 60", dsl.Ask, dsl.Ask},
		{"systemctl set-default rescue.target", dsl.Ask, dsl.Ask},
		{"systemctl hibernate", dsl.Allow, dsl.Ask}, // a person's resumes as a suspend (fp64)
		{"systemctl kill -s KILL --kill-whom=all user.slice", dsl.Ask, dsl.Ask},
		{"sudo systemctl stop user@1000.service", dsl.Ask, dsl.Ask},
		{"loginctl terminate-user u", dsl.Ask, dsl.Ask},
		{"systemctl get-default", dsl.Allow, dsl.Allow},
		{"loginctl list-sessions", dsl.Allow, dsl.Allow},
		{"ip addr flush dev eth0", dsl.Ask, dsl.Ask},
		{"tc qdisc add dev eth0 root netem loss 100%", dsl.Ask, dsl.Ask},
		{"tc qdisc add dev eth0 root netem delay 100ms", dsl.Allow, dsl.Allow},
		{"ip addr show", dsl.Allow, dsl.Allow},
		{"date -s '2000-01-01'", dsl.Ask, dsl.Ask},
		{"sudo timedatectl set-time '2000-01-01'", dsl.Ask, dsl.Ask},
		{"hwclock --set --date '2000-01-01'", dsl.Ask, dsl.Ask},
		{"date", dsl.Allow, dsl.Allow},
		{"date +%s", dsl.Allow, dsl.Allow},
		{"timedatectl status", dsl.Allow, dsl.Allow},
		{"hwclock -r", dsl.Allow, dsl.Allow},
		{"microk8s reset", dsl.Ask, dsl.Ask},
		{"k3s-uninstall.sh", dsl.Ask, dsl.Ask},
		{"/usr/local/bin/k3s-uninstall.sh", dsl.Ask, dsl.Ask},
		{"rke2-uninstall.sh", dsl.Ask, dsl.Ask},
		{"k0s reset", dsl.Ask, dsl.Ask},
		{"talosctl reset", dsl.Ask, dsl.Ask},
		{"microk8s status", dsl.Allow, dsl.Allow},
	})
}

// TestSys52MacOSAndLibraries: FileVault turned off, the packet filter
// disabled and the DNS servers replaced are macos-protection-off; nginx's
// -g load_module of a library outside the system's and ffmpeg's frei0r
// filter given a library path load its code (load-library,
// load-library-option). All were allowed (rt51). A person stripping the
// quarantine mark of a tool they chose stays allowed by design
// (macos-consent-bypass-agent asks an agent).
func TestSys52MacOSAndLibraries(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sudo fdesetup disable", dsl.Ask, dsl.Ask},
		{"sudo pfctl -d", dsl.Ask, dsl.Ask},
		{"networksetup -setdnsservers Wi-Fi 1.2.3.4", dsl.Ask, dsl.Ask},
		{"xattr -d com.apple.quarantine ./app", dsl.Allow, dsl.Ask},
		{"fdesetup status", dsl.Allow, dsl.Allow},
		{"pfctl -s rules", dsl.Allow, dsl.Allow},
		{"networksetup -getdnsservers Wi-Fi", dsl.Allow, dsl.Allow},
		{"xattr -l ./app", dsl.Allow, dsl.Allow},
		{"nginx -g 'load_module /tmp/x.so;'", dsl.Ask, dsl.Ask},
		{"ffmpeg -i x -vf frei0r=/tmp/x.so out", dsl.Ask, dsl.Ask},
		{"nginx -t", dsl.Allow, dsl.Allow},
		{"nginx -g 'daemon off;'", dsl.Allow, dsl.Allow},
		{"ffmpeg -i in.mp4 -vf scale=1280:-1 out.mp4", dsl.Allow, dsl.Allow},
	})
}
