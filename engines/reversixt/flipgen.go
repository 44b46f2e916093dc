// Code written from one pattern per direction; the shifts are constants
// so that the compiler emits plain shift instructions.

package reversixt

// othelloMoves returns the fields from which a line of O stones ends at a
// P stone, on an 8×8 bitboard (bit y*8 + x): per direction, a parallel
// prefix over the O runs (Kogge–Stone: steps of 1, 1, 2 and 2 cover runs
// of up to 6 stones). Horizontal and diagonal runs use O without columns
// 0 and 7, so that no run wraps from one row to the next.
func othelloMoves(P, O uint64) uint64 {
	mO := O & 0x7e7e7e7e7e7e7e7e
	var moves uint64
	xl1 := mO & (P << 1)
	xl1 |= mO & (xl1 << 1)
	pl1 := mO & (mO << 1)
	xl1 |= pl1 & (xl1 << 2)
	xl1 |= pl1 & (xl1 << 2)
	moves |= xl1 << 1
	xl8 := O & (P << 8)
	xl8 |= O & (xl8 << 8)
	pl8 := O & (O << 8)
	xl8 |= pl8 & (xl8 << 16)
	xl8 |= pl8 & (xl8 << 16)
	moves |= xl8 << 8
	xl7 := mO & (P << 7)
	xl7 |= mO & (xl7 << 7)
	pl7 := mO & (mO << 7)
	xl7 |= pl7 & (xl7 << 14)
	xl7 |= pl7 & (xl7 << 14)
	moves |= xl7 << 7
	xl9 := mO & (P << 9)
	xl9 |= mO & (xl9 << 9)
	pl9 := mO & (mO << 9)
	xl9 |= pl9 & (xl9 << 18)
	xl9 |= pl9 & (xl9 << 18)
	moves |= xl9 << 9
	xr1 := mO & (P >> 1)
	xr1 |= mO & (xr1 >> 1)
	pr1 := mO & (mO >> 1)
	xr1 |= pr1 & (xr1 >> 2)
	xr1 |= pr1 & (xr1 >> 2)
	moves |= xr1 >> 1
	xr8 := O & (P >> 8)
	xr8 |= O & (xr8 >> 8)
	pr8 := O & (O >> 8)
	xr8 |= pr8 & (xr8 >> 16)
	xr8 |= pr8 & (xr8 >> 16)
	moves |= xr8 >> 8
	xr7 := mO & (P >> 7)
	xr7 |= mO & (xr7 >> 7)
	pr7 := mO & (mO >> 7)
	xr7 |= pr7 & (xr7 >> 14)
	xr7 |= pr7 & (xr7 >> 14)
	moves |= xr7 >> 7
	xr9 := mO & (P >> 9)
	xr9 |= mO & (xr9 >> 9)
	pr9 := mO & (mO >> 9)
	xr9 |= pr9 & (xr9 >> 18)
	xr9 |= pr9 & (xr9 >> 18)
	moves |= xr9 >> 9
	return moves
}

// bbFlips returns the stones of O that P's stone on sq captures: per
// direction the run of O stones from sq, kept when a P stone closes it,
// on whole bitboards.
func bbFlips(sq int, P, O uint64) uint64 {
	mO := O & 0x7e7e7e7e7e7e7e7e
	b := uint64(1) << sq
	var f uint64
	if r := (b << 1) & mO; r != 0 {
		run := r
		for {
			r <<= 1
			if r&mO == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	if r := (b << 8) & O; r != 0 {
		run := r
		for {
			r <<= 8
			if r&O == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	if r := (b << 7) & mO; r != 0 {
		run := r
		for {
			r <<= 7
			if r&mO == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	if r := (b << 9) & mO; r != 0 {
		run := r
		for {
			r <<= 9
			if r&mO == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	if r := (b >> 1) & mO; r != 0 {
		run := r
		for {
			r >>= 1
			if r&mO == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	if r := (b >> 8) & O; r != 0 {
		run := r
		for {
			r >>= 8
			if r&O == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	if r := (b >> 7) & mO; r != 0 {
		run := r
		for {
			r >>= 7
			if r&mO == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	if r := (b >> 9) & mO; r != 0 {
		run := r
		for {
			r >>= 9
			if r&mO == 0 {
				break
			}
			run |= r
		}
		if r&P != 0 {
			f |= run
		}
	}
	return f
}
