#include "models/topology/id_index.h"

namespace cf {
namespace {

constexpr std::size_t kMinSlots = 16;
// Load factor at most 1/2 (our choice): short probe runs on a table of ~4k slots.
constexpr std::size_t kSlotsPerId = 2;

} // namespace

void IdIndex::reserve(std::size_t ids)
{
    std::size_t slots = kMinSlots;
    while (slots < ids * kSlotsPerId)
        slots *= 2;
    slots_.assign(slots, Slot{});
    mask_ = slots - 1;
    size_ = 0;
    repeats_ = false;
}

void IdIndex::grow()
{
    std::vector<Slot> old;
    old.swap(slots_);
    const bool repeats = repeats_;
    reserve(old.size()); // doubles: reserve sizes for kSlotsPerId slots per id
    for (const Slot& s : old)
        if (s.value >= 0)
            insert(s.id, s.value);
    repeats_ = repeats;
}

bool IdIndex::insert(std::string_view id, int value)
{
    if (value < 0)
        return false; // -1 marks an empty slot
    if (slots_.empty() || (size_ + 1) * kSlotsPerId > slots_.size())
        grow();
    const std::uint64_t h = hash(id);
    const auto tag = static_cast<std::uint32_t>(h >> 32);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
        Slot& s = slots_[i];
        if (s.value < 0) {
            s = {id, tag, value};
            ++size_;
            return true;
        }
        if (s.tag == tag && sameText(s.id, id)) {
            repeats_ = true;
            return false;
        }
    }
}

} // namespace cf
