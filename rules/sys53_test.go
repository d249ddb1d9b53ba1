package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestSys53Machine: the machine's holes rtm52 found and the everyday
// spellings beside them. lvresize to an absolute size without -r may
// shrink below its file system (disk-erase, as lvreduce), and lvm COMMAND
// runs that command; e2fsck -f asks each fix at a terminal and resize2fs
// without a size grows (allowed). A delete under /sys (EFI variables) is
// sys-write, efivar -w boot-config-change. launchctl reboot and System
// Events' restart are shutdown-reboot; desktop log-outs are
// power-session-cut (a suspend stays allowed). ip's and nmcli's
// abbreviated words, VPN, radio and Wi-Fi switches and a firewall dropping
// ssh from every source are network-cut, for a person too.
func TestSys53Machine(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sudo lvresize -L 100M /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvresize --size=100M /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvresize -L100M -f /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvresize -l 1%VG /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvresize -l 10 /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvreduce -L 100M /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvm lvresize -L -5G /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvm lvremove /dev/vg0/root", dsl.Block, dsl.Block},
		{"sudo lvm vgremove vg0", dsl.Block, dsl.Block},
		{"sudo lvextend -L +5G -r /dev/vg0/root", dsl.Allow, dsl.Allow},
		{"sudo lvresize -L +5G /dev/vg0/root", dsl.Allow, dsl.Allow},
		{"sudo lvresize -L 100M -r /dev/vg0/root", dsl.Allow, dsl.Allow},
		{"lvs", dsl.Allow, dsl.Allow},
		{"lvm lvs", dsl.Allow, dsl.Allow},
		{"lvm version", dsl.Allow, dsl.Allow},
		{"sudo resize2fs /dev/vg0/data", dsl.Allow, dsl.Allow},
		{"sudo resize2fs /dev/vg0/data 10G", dsl.Ask, dsl.Ask},
		{"sudo e2fsck -f /dev/vg0/data", dsl.Allow, dsl.Allow},
		{"sudo rm -f /sys/firmware/efi/efivars/Boot0001-8be4df61-93ca-11d2-aa0d-00e098032b8c", dsl.Ask, dsl.Ask},
		{"sudo rm -f /sys/firmware/efi/efivars/Boot0001-*", dsl.Ask, dsl.Ask},
		{"sudo rm -rf /sys/firmware/efi/efivars", dsl.Ask, dsl.Ask},
		{"sudo rm -rf /sys/firmware/efi/efivars/*", dsl.Ask, dsl.Ask},
		{"sudo efivar -w -n 8be4df61-93ca-11d2-aa0d-00e098032b8c-Boot0001 -f x.bin", dsl.Ask, dsl.Ask},
		{"sudo chattr -i /sys/firmware/efi/efivars/*", dsl.Ask, dsl.Ask},
		{"sudo launchctl reboot", dsl.Block, dsl.Block},
		{"sudo launchctl reboot system", dsl.Block, dsl.Block},
		{"sudo launchctl reboot userspace", dsl.Block, dsl.Block},
		{"sudo launchctl reboot halt", dsl.Block, dsl.Block},
		{"launchctl bootout gui/501", dsl.Ask, dsl.Ask},
		{"osascript -e 'tell app \"System Events\" to restart'", dsl.Block, dsl.Block},
		{"osascript -e 'tell app \"System Events\" to shut down'", dsl.Block, dsl.Block},
		{"osascript -e 'tell app \"System Events\" to log out'", dsl.Ask, dsl.Ask},
		{"gnome-session-quit --logout --no-prompt", dsl.Ask, dsl.Ask},
		{"xfce4-session-logout", dsl.Ask, dsl.Ask},
		{"qdbus org.kde.ksmserver /KSMServer logout 0 0 0", dsl.Ask, dsl.Ask},
		{"sudo pmset sleepnow", dsl.Allow, dsl.Allow},
		{"loginctl kill-session 3", dsl.Ask, dsl.Ask},
		{"sudo shutdown -h +0", dsl.Block, dsl.Block},
		{"launchctl list", dsl.Allow, dsl.Allow},
		{"launchctl load ~/Library/LaunchAgents/x.plist", dsl.Ask, dsl.Ask},
		{"pmset -g", dsl.Allow, dsl.Allow},
		{"loginctl list-sessions", dsl.Allow, dsl.Allow},
		{"sudo ip l s eth0 down", dsl.Ask, dsl.Ask},
		{"sudo ip li set eth0 down", dsl.Ask, dsl.Ask},
		{"sudo ip lin se dev eth0 down", dsl.Ask, dsl.Ask},
		{"sudo ip link set eth0 down", dsl.Ask, dsl.Ask},
		{"sudo ip a f dev eth0", dsl.Ask, dsl.Ask},
		{"sudo ip -4 addr flush dev eth0", dsl.Ask, dsl.Ask},
		{"sudo ip -4 addr flush eth0", dsl.Ask, dsl.Ask},
		{"nmcli dev disconnect eth0", dsl.Ask, dsl.Ask},
		{"nmcli con down id x", dsl.Ask, dsl.Ask},
		{"nmcli networking off", dsl.Ask, dsl.Ask},
		{"nmcli radio all off", dsl.Ask, dsl.Ask},
		{"sudo wg-quick down wg0", dsl.Ask, dsl.Ask},
		{"sudo tailscale down", dsl.Ask, dsl.Ask},
		{"rfkill block all", dsl.Ask, dsl.Ask},
		{"sudo ifdown eth0", dsl.Ask, dsl.Ask},
		{"sudo networksetup -setairportpower en0 off", dsl.Ask, dsl.Ask},
		{"sudo networksetup -setnetworkserviceenabled Wi-Fi off", dsl.Ask, dsl.Ask},
		{"ip a", dsl.Allow, dsl.Allow},
		{"ip r", dsl.Allow, dsl.Allow},
		{"ip l", dsl.Allow, dsl.Allow},
		{"nmcli dev status", dsl.Allow, dsl.Allow},
		{"nmcli con up x", dsl.Allow, dsl.Allow},
		{"sudo wg show", dsl.Allow, dsl.Allow},
		{"tailscale status", dsl.Allow, dsl.Allow},
		{"sudo tailscale up", dsl.Allow, dsl.Allow},
		{"rfkill list", dsl.Allow, dsl.Allow},
		{"sudo ip link set eth0 up", dsl.Allow, dsl.Allow},
		{"sudo ufw deny 22", dsl.Ask, dsl.Ask},
		{"sudo ufw deny ssh", dsl.Ask, dsl.Ask},
		{"sudo ufw default deny incoming && sudo ufw enable", dsl.Allow, dsl.Ask},
		{"sudo iptables -A INPUT -p tcp --dport 22 -j DROP", dsl.Ask, dsl.Ask},
		{"sudo iptables -I INPUT -p tcp --dport 22 -j REJECT", dsl.Ask, dsl.Ask},
		{"sudo nft add rule inet filter input tcp dport 22 drop", dsl.Ask, dsl.Ask},
		{"sudo firewall-cmd --panic-on", dsl.Ask, dsl.Ask},
		{"sudo pfctl -e -f x", dsl.Allow, dsl.Ask},
		{"sudo ufw allow OpenSSH", dsl.Allow, dsl.Ask},
		{"sudo ufw allow 80/tcp", dsl.Allow, dsl.Ask},
		{"sudo ufw status", dsl.Allow, dsl.Allow},
		{"sudo iptables -L -n", dsl.Allow, dsl.Allow},
		{"sudo iptables -A INPUT -p tcp --dport 8080 -j ACCEPT", dsl.Allow, dsl.Ask},
		{"sudo iptables -A INPUT -s 203.0.113.7 -p tcp --dport 22 -j DROP", dsl.Allow, dsl.Ask},
		{"nmcli -f NAME c show", dsl.Allow, dsl.Allow},
	})
}
