class Solution:
    def lengthOfLongestSubstring(self, s):
        λ = {}  # last index of each character
        α = 0  # left edge of the window
        Ω = 0  # best length so far
        for ω, χ in enumerate(s):
            if λ.get(χ, -1) >= α:
                α = λ[χ] + 1
            λ[χ] = α
            Ω = max(Ω, ω - α + 1)
        return Ω
