#pragma once

#include <string>

namespace cf {

// ACC: active copper (a redriver in each plug), between passive DAC and optics
// in reach (issue 17); last so the values of the others stay as they were.
enum class Medium { NVLink, CopperDAC, AOC, Fibre, ACC };

// Length class decides copper vs optics and the optic's reach in the BOM.
enum class LengthClass {
    InRack, // <= 3 m: passive copper reaches
    InRow,  // <= 30 m: AOC or multimode optics (SR, 50 m)
    Campus  // <= 500 m: single-mode optics (DR, 100-500 m)
};

// Which members of one end of a link take part in which block (issue 19: a
// bundle of identical cables between two groups or switch arrays stays one
// entry). Member i of an end sits in block (i / membersPerBlock) % blocks;
// membersPerBlock 0 puts every member in block 0, blocks 0 means no wrap.
// Examples, for a fat tree of P pods with l leaves and s spines per pod:
//   leaves -> spines of their pod: from {l, 0}, to {s, 0}
//   spine k of every pod -> core group k (c cores each): from {1, s}, to {c, 0}
struct LinkEndBlocks {
    int membersPerBlock = 0;
    int blocks = 0;

    bool isWhole() const { return membersPerBlock == 0; } // every member in block 0
    bool operator==(const LinkEndBlocks&) const = default;
};

// The block of member `member` of an end (see LinkEndBlocks).
inline long long blockOf(const LinkEndBlocks& end, long long member)
{
    if (end.membersPerBlock <= 0)
        return 0;
    const long long block = member / end.membersPerBlock;
    return end.blocks > 0 ? block % end.blocks : block;
}

// A wire between two placed parts. Ports are implicit: a part's used ports are
// the cables of its links. Each end is a single part or a group (a node group,
// or a switch array: a switch part with count > 1). The link joins every pair
// (a member of `from`, a member of `to`) whose blocks are equal (see
// LinkEndBlocks) with cablesPerMember cables per joined pair. With both ends
// whole (the default) and one end a group of N, that is N x cablesPerMember
// physical cables, one set per member: the meaning before issue 19.
struct Link {
    std::string id; // stable, unique within the design
    std::string fromPartId;
    std::string toPartId;
    double speedGbps = 400.0; // per cable, gigabits per second, one direction
    Medium medium = Medium::Fibre;
    LengthClass lengthClass = LengthClass::InRow;
    int cablesPerMember = 1;  // per joined member pair
    LinkEndBlocks fromBlocks; // default: every member of `from` in block 0
    LinkEndBlocks toBlocks;

    bool operator==(const Link&) const = default;
};

const char* toString(Medium medium);
bool mediumFromString(const std::string& text, Medium& out);
const char* toString(LengthClass lengthClass);
bool lengthClassFromString(const std::string& text, LengthClass& out);

} // namespace cf
