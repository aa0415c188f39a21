#pragma once
// A flat open-addressing table from ids (views into a design the table must not
// outlive) to small non-negative integers: part index, group members. Built once
// per evaluation for ~2k parts and probed ~20k times (every link end), where
// std::unordered_map spent most of the derivation in node allocations, chained
// buckets, std::_Hash_bytes and memcmp calls. Like unordered_map::emplace, the
// first insert of an id wins; a repeated id is remembered (hasRepeats).

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace cf {

class IdIndex {
public:
    IdIndex() = default;
    explicit IdIndex(std::size_t expectedIds) { reserve(expectedIds); }

    // Sizes the table for `ids` inserts; clears it.
    void reserve(std::size_t ids);
    // value >= 0. False (and nothing changes) when the id is already present
    // or value < 0.
    bool insert(std::string_view id, int value);
    // The value inserted with `id`, -1 when absent.
    int find(std::string_view id) const
    {
        if (size_ == 0)
            return -1;
        const std::uint64_t h = hash(id);
        const auto tag = static_cast<std::uint32_t>(h >> 32);
        for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.value < 0)
                return -1;
            if (s.tag == tag && sameText(s.id, id))
                return s.value;
        }
    }
    bool empty() const { return size_ == 0; }
    bool hasRepeats() const { return repeats_; }

    // Byte equality with word loads for short text (ids are 2-16 bytes; a libc
    // memcmp call per probe cost more than the probe).
    static bool sameText(std::string_view a, std::string_view b)
    {
        const std::size_t n = a.size();
        if (n != b.size())
            return false;
        const char* x = a.data();
        const char* y = b.data();
        if (n > 16)
            return std::memcmp(x, y, n) == 0;
        if (n >= 8)
            return load8(x) == load8(y) && load8(x + n - 8) == load8(y + n - 8);
        if (n >= 4)
            return load4(x) == load4(y) && load4(x + n - 4) == load4(y + n - 4);
        for (std::size_t i = 0; i < n; ++i)
            if (x[i] != y[i])
                return false;
        return true;
    }

    // 64-bit hash: the text's words (first and last overlapping for the tail),
    // then the murmur3 finaliser. One or two multiplies for a short id.
    static std::uint64_t hash(std::string_view id)
    {
        const char* p = id.data();
        std::size_t n = id.size();
        std::uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xC2B2AE3D27D4EB4Full);
        if (n >= 8) {
            const char* end = p + n;
            while (end - p > 8) {
                h = (h ^ load8(p)) * 0xBF58476D1CE4E5B9ull;
                h ^= h >> 31;
                p += 8;
            }
            h ^= load8(end - 8);
        } else if (n >= 4) {
            h ^= load4(p) | (std::uint64_t(load4(p + n - 4)) << 32);
        } else if (n > 0) {
            const auto b = [&](std::size_t i) { return std::uint64_t(static_cast<unsigned char>(p[i])); };
            h ^= b(0) | (b(n / 2) << 8) | (b(n - 1) << 16);
        }
        h *= 0x94D049BB133111EBull;
        h ^= h >> 33;
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 33;
        return h;
    }

private:
    struct Slot {
        std::string_view id;
        std::uint32_t tag = 0; // high half of the hash: a mismatch rarely compares text
        int value = -1;        // -1 = empty slot
    };
    static std::uint64_t load8(const char* p)
    {
        std::uint64_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    }
    static std::uint32_t load4(const char* p)
    {
        std::uint32_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    }
    void grow();

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
    bool repeats_ = false;
};

} // namespace cf
