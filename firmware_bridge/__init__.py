"""firmware_bridge: the serial LED chip-count display, its protocol, firmware and emulator."""
