/// A fake sysfs and procfs with one DualSense over USB (`event5`, HID on interface 3 of
/// `usb1/1-2`), its card 1 (`Controller`, interface 0), and card 0 on another device.
enum DualSenseTree {
    static let usbDevice = "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2"

    static var contents: FakeSoundSystem.Contents {
        var contents = FakeSoundSystem.Contents()
        contents.links = [
            "/sys/class/input/event5/device/device": "\(usbDevice)/1-2:1.3/0003:054C:0CE6.0001",
            "/sys/class/sound/card0/device": "/sys/devices/pci0000:00/0000:00:1f.3",
            "/sys/class/sound/card1/device": "\(usbDevice)/1-2:1.0",
        ]
        contents.directories = [
            "/sys/class/sound": ["card0", "card1", "timer", "controlC1"],
            "/sys/class/sound/card0": ["pcmC0D0p", "id"],
            "/sys/class/sound/card1": ["controlC1", "pcmC1D0p", "pcmC1D0c", "id"],
        ]
        contents.files = [
            "/sys/class/sound/card0/id": "PCH\n",
            "/sys/class/sound/card1/id": "Controller\n",
        ]
        return contents
    }
}
