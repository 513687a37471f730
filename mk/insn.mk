# The instruction table (issue 42; docs/insn.md): tools/gen_insn.c turns
# kernels/insn/forms_<isa>.tsv into the ISA's bodies and form descriptors
# (in the image), and every table into the host tool's form texts.
INSN_GEN := $(HOST_BUILD)/gen_insn
INSN_TABLES := $(wildcard kernels/insn/forms_*.tsv)
INSN_ISA := $(if $(filter riscv64,$(ARCH)),rv64,$(if $(filter aarch64,$(ARCH)),a64,$(if $(filter x86_64,$(ARCH)),x86)))
INSN_TABLE := kernels/insn/forms_$(INSN_ISA).tsv

$(INSN_GEN): tools/gen_insn.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $<

$(BUILD)/gen/insn_bodies.S: $(INSN_GEN) $(INSN_TABLE)
	@mkdir -p $(dir $@)
	$(INSN_GEN) --bodies $(INSN_ISA) $(INSN_TABLE) > $@.new && mv $@.new $@
$(BUILD)/gen/insn_forms.c: $(INSN_GEN) $(INSN_TABLE)
	@mkdir -p $(dir $@)
	$(INSN_GEN) --forms $(INSN_ISA) $(INSN_TABLE) > $@.new && mv $@.new $@
$(HOST_BUILD)/gen/insn_texts.c: $(INSN_GEN) $(INSN_TABLES)
	@mkdir -p $(dir $@)
	$(INSN_GEN) --host-texts $(INSN_TABLES) > $@.new && mv $@.new $@

# The generated sources, compiled like the rest (their objects under
# $(BUILD)/obj/gen/).
INSN_OBJS := $(if $(INSN_ISA),$(BUILD)/obj/gen/insn_bodies.S.o $(BUILD)/obj/gen/insn_forms.c.o)
$(BUILD)/obj/gen/insn_forms.c.o: $(BUILD)/gen/insn_forms.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ARCH_KERNEL_CFLAGS) -MMD -MP -c $< -o $@
$(BUILD)/obj/gen/insn_bodies.S.o: $(BUILD)/gen/insn_bodies.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@
