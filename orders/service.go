package orders

// Validation of the fleet-service orders: resupply, transfer, scrap,
// inspect, self_repair and install. Being written.

func (v *validator) resupply(o Order, r *Resupply) CostedOrder {
	return CostedOrder{Order: o, Points: 1}
}
func (v *validator) transfer(o Order, t *Transfer) CostedOrder {
	return CostedOrder{Order: o, Points: 1}
}
func (v *validator) scrap(o Order, s *UnitsOrder) CostedOrder {
	return CostedOrder{Order: o, Points: 1}
}
func (v *validator) inspect(o Order, f *FleetOrder) CostedOrder {
	return CostedOrder{Order: o, Points: 1}
}
func (v *validator) selfRepair(o Order, f *FleetOrder) CostedOrder {
	return CostedOrder{Order: o, Points: 1}
}
func (v *validator) install(o Order, u *UnitsOrder) CostedOrder {
	return CostedOrder{Order: o, Points: 1}
}
