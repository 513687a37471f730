#!/usr/bin/perl
# Which code in a linked arm64 image uses FP or Advanced SIMD registers,
# and may it? Reads the linker map (which object each input section came
# from) and `objdump -d` of the image; every instruction naming a
# b/h/s/d/q/v register must lie in one of the allowed objects (the FP
# files and the kernel bodies in assembly, which run only where the core
# has FP and SIMD). Anything else, picolibc's and libgcc's members
# included, would trap on a core without them and is listed; exit 1.
#   fp_free.pl <image.map> <objdump.txt> <allowed object>...
use strict;
use warnings;

my ($map, $dis, @allowed) = @ARGV;
die "usage: fp_free.pl <map> <objdump> <allowed object>...\n" unless defined $dis;
my %ok = map { $_ => 1 } @allowed;

# Input sections with an address and a size: " .text.x 0xADDR 0xSIZE obj",
# or the name on a line of its own when it is long.
# The linker's own stubs (".text.f.stub" from "linker stubs": an
# instruction the Cortex-A53 erratum 843419 fix moved out of f) belong to
# f's object: the one whose ".text.f" the map listed last before the stub
# (the stub follows its section, and several objects may each have an f:
# every workload's `selfcheck`).
my (@sec, %obj_of);
open(my $m, '<', $map) or die "fp_free: $map: $!\n";
my $pending = '';
while (<$m>) {
	my ($name, $addr, $size, $obj);
	if (/^ (\.\S+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*?)\s*$/) {
		($name, $addr, $size, $obj) = ($1, $2, $3, $4);
	} elsif ($pending && /^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*?)\s*$/) {
		($name, $addr, $size, $obj) = ($pending, $1, $2, $3);
	}
	if (defined $name && hex($addr) && hex($size)) {
		$obj = $obj_of{$1} // $obj if $obj eq 'linker stubs' && $name =~ /^(.*)\.stub$/;
		push @sec, [hex $addr, hex $size, $obj];
		$obj_of{$name} = $obj;
	}
	$pending = /^ (\.\S+)\s*$/ ? $1 : '';
}
close $m;
@sec = sort { $a->[0] <=> $b->[0] } @sec;
die "fp_free: no input sections in $map\n" unless @sec;

sub owner {
	my ($a) = @_;
	my ($lo, $hi) = (0, $#sec);
	while ($lo <= $hi) {
		my $mid = int(($lo + $hi) / 2);
		my ($s, $n, $o) = @{$sec[$mid]};
		if ($a < $s) { $hi = $mid - 1 }
		elsif ($a >= $s + $n) { $lo = $mid + 1 }
		else { return $o }
	}
	return '(no input section)';
}

open(my $d, '<', $dis) or die "fp_free: $dis: $!\n";
my ($fn, $insns, $fp, %bad) = ('?', 0, 0);
while (<$d>) {
	if (/^[0-9a-f]+ <(.*)>:$/) { $fn = $1; next }
	next unless /^\s+([0-9a-f]+):\t[0-9a-f]+ \t(\S+)(?:\t(.*))?$/;
	my ($addr, $mn, $ops) = (hex $1, $2, $3 // '');
	$insns++;
	$ops =~ s{//.*}{};
	$ops =~ s{<[^>]*>}{}g;
	next unless $ops =~ /\b(?:[bhsdq][0-9]+|v[0-9]+\.)\b/;
	$fp++;
	my $o = owner($addr);
	next if $ok{$o};
	$bad{"$o: $fn"} //= "$mn $ops";
}
close $d;
die "fp_free: no instructions in $dis\n" unless $insns;
printf "fp_free: %d instructions, %d use FP/SIMD registers, %d functions outside the allowed objects\n",
	$insns, $fp, scalar keys %bad;
print "  $_ ($bad{$_})\n" for sort keys %bad;
exit(%bad ? 1 : 0);
