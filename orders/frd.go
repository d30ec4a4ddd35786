package orders

// Validation of the FRD and siege orders: move_frd, build_frd and siege.
// Being written.

func (v *validator) siege(o Order, f *FleetOrder) CostedOrder {
	return CostedOrder{Order: o, Points: 1}
}
func (v *validator) moveFRD(o Order, m *MoveFRD) CostedOrder { return CostedOrder{Order: o, Points: 3} }
func (v *validator) buildFRD(o Order, b *BuildFRD) CostedOrder {
	return CostedOrder{Order: o, Points: 3}
}
