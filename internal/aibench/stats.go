package aibench

import "math"

// meanCI is a sample mean and the half-width of its normal 95 % interval.
func meanCI(xs []float64) (mean, half float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, math.NaN()
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, 1.96 * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
}

// ratioCI is Σnum/Σden over units (clearances) and the half-width of its
// normal 95 % interval. The strokes of one clearance are not independent
// trials (a hard last coin is missed several times running), so the
// variance is the ratio estimator's, taken over the units, not a
// binomial's over the strokes.
func ratioCI(num, den []float64) (ratio, half float64) {
	var sn, sd float64
	for i := range num {
		sn += num[i]
		sd += den[i]
	}
	k := float64(len(num))
	ratio = sn / sd
	if len(num) < 2 {
		return ratio, math.NaN()
	}
	var ss float64
	for i := range num {
		e := num[i] - float64(ratio*den[i])
		ss += float64(e * e)
	}
	mean := sd / k
	return ratio, 1.96 * math.Sqrt(ss/(k-1)/k) / mean
}

// wilson is the 95 % Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p, fn := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*fn)) / (1 + z*z/fn)
	h := z / (1 + z*z/fn) * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return c - h, c + h
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
