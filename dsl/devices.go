package dsl

import (
	"strings"

	"github.com/expr-lang/expr"
)

// Raw devices: what the disk rules guard besides the disks and partitions
// isBlockDevice knows.

func init() { Funcs = append(Funcs, deviceFuncs...) }

var deviceFuncs = []Func{
	{Name: "isRawDevice", Sig: "isRawDevice(path) bool", Doc: "a device whose contents a write destroys: a disk or partition (isBlockDevice), an LVM volume (/dev/vg0/root), /dev/mem, /dev/kmem, /dev/port, a flash chip (/dev/mtd0), a SCSI generic node (/dev/sg0)", Example: `any(outputs, isRawDevice(#))`, options: func() []expr.Option { return []expr.Option{strBool("isRawDevice", isRawDevice)} }},
}

// notVolumeGroups are the directories under /dev that hold devices other
// than LVM volumes.
var notVolumeGroups = nameSet{names: []string{"fd", "pts", "shm", "mqueue", "hugepages", "net", "input", "snd", "dri", "bus", "char",
	"serial", "v4l", "usb", "cpu", "vfio", "tty", "hidraw", "bsg", "gpiochip", "dma_heap", "vhost-net", "stdin",
	"stdout", "stderr", "tcp", "udp", "null", "full", "zero", "random", "urandom", "log", "console", "kmsg", "core"}}

func isRawDevice(p string) bool {
	if isBlockDevice(p) {
		return true
	}
	c := cleanPath(p)
	rest, ok := strings.CutPrefix(c, "/dev/")
	if !ok || rest == "" {
		return false
	}
	switch {
	case rest == "mem", rest == "kmem", rest == "port", rest == "nvram", strings.HasPrefix(rest, "mtd"):
		return true
	case len(rest) > 2 && strings.HasPrefix(rest, "sg") && strings.Trim(rest[2:], "0123456789") == "":
		return true // a SCSI generic node: sg_format, sg_unmap reach the disk through it
	case strings.HasPrefix(rest, "block/"):
		return len(rest) > len("block/")
	}
	vg, lv, ok := strings.Cut(rest, "/")
	return ok && lv != "" && !strings.Contains(lv, "/") && !notVolumeGroups.has(vg) && !strings.HasPrefix(vg, "tty")
}
