#pragma once

#include <string>

namespace cf {

// ACC: active copper (a redriver in each plug), between passive DAC and optics
// in reach (issue 17); last so the values of the others stay as they were.
enum class Medium { NVLink, CopperDAC, AOC, Fibre, ACC };

// Length class decides copper vs optics and the optic's reach in the BOM.
enum class LengthClass {
    InRack,    // <= 3 m: passive copper reaches
    InRow,     // <= 30 m: AOC or multimode optics (SR, 50 m)
    Campus     // <= 500 m: single-mode optics (DR, 100-500 m)
};

// A wire between two placed parts. Ports are implicit: a part's used ports are
// the cables of its links. When one end is a node group of N members, the link
// stands for N x cablesPerMember physical cables (one set per member node);
// otherwise it stands for cablesPerMember cables. Both ends being groups is a
// validation error.
struct Link {
    std::string id;         // stable, unique within the design
    std::string fromPartId;
    std::string toPartId;
    double speedGbps = 400.0; // per cable, gigabits per second, one direction
    Medium medium = Medium::Fibre;
    LengthClass lengthClass = LengthClass::InRow;
    int cablesPerMember = 1;

    bool operator==(const Link&) const = default;
};

const char* toString(Medium medium);
bool mediumFromString(const std::string& text, Medium& out);
const char* toString(LengthClass lengthClass);
bool lengthClassFromString(const std::string& text, LengthClass& out);

} // namespace cf
