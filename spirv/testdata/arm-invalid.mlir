// RUN: kiln opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{arm.tensor do not support dimensions = 0}}
spirv.func @f(%arg0: !spirv.arm.tensor<2x0xi32>) "None" {
  spirv.Return
}

// -----

// expected-error @+1 {{arm.tensor shape dimensions must be either fully dynamic or completed shaped}}
spirv.func @f(%arg0: !spirv.arm.tensor<2x?xi32>) "None" {
  spirv.Return
}

// -----

// expected-error @+1 {{only scalar element type allowed in tensor type but found 'vector<2xf32>'}}
spirv.func @f(%arg0: !spirv.arm.tensor<2xvector<2xf32>>) "None" {
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{'spirv.ARM.GraphEntryPoint' op failed to verify that op must appear in a module-like op's block}}
  spirv.ARM.GraphEntryPoint @g, @v
  spirv.Return
}

// -----

spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<3x4xi8>) -> !spirv.arm.tensor<3xi32> {
  // expected-error @+1 {{'spirv.Tosa.ArgMax' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 5}}
  %0 = spirv.Tosa.ArgMax axis = 6, nan_mode = <Propagate>, %arg0 : !spirv.arm.tensor<3x4xi8> -> !spirv.arm.tensor<3xi32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<3xi32>
}

// -----

spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<3x4xi8>) -> !spirv.arm.tensor<3xi32> {
  // expected-error @+1 {{unknown attribute: 'Sometimes'}}
  %0 = spirv.Tosa.ArgMax axis = 1, nan_mode = <Sometimes>, %arg0 : !spirv.arm.tensor<3x4xi8> -> !spirv.arm.tensor<3xi32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<3xi32>
}

// -----

spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<1x8x8x1xi8>, %arg1: !spirv.arm.tensor<2x1x1x1xi8>, %arg2: !spirv.arm.tensor<2xi32>, %arg3: !spirv.arm.tensor<1xi8>) -> !spirv.arm.tensor<1x8x8x2xi32> {
  // expected-error @+1 {{'spirv.Tosa.Conv2D' op attribute 'pad' failed to satisfy constraint: 32-bit signless int elements attribute of shape [4] with type = spirv::TensorArmType}}
  %0 = spirv.Tosa.Conv2D pad = [0, 0, 0], stride = [1, 1], dilation = [1, 1], acc_type = <INT32>, local_bound = false, %arg0, %arg1, %arg2, %arg3, %arg3 : !spirv.arm.tensor<1x8x8x1xi8>, !spirv.arm.tensor<2x1x1x1xi8>, !spirv.arm.tensor<2xi32>, !spirv.arm.tensor<1xi8>, !spirv.arm.tensor<1xi8> -> !spirv.arm.tensor<1x8x8x2xi32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<1x8x8x2xi32>
}

// -----

spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<8x8x1xi8>, %arg1: !spirv.arm.tensor<2x1x1x1xi8>, %arg2: !spirv.arm.tensor<2xi32>, %arg3: !spirv.arm.tensor<1xi8>) -> !spirv.arm.tensor<1x8x8x2xi32> {
  // expected-error @+1 {{'spirv.Tosa.Conv2D' op operand #0 must be 4D tensorArm of 8-bit integer or 16-bit integer or 32-bit integer or 64-bit integer or 16-bit float or 32-bit float values, but got '!spirv.arm.tensor<8x8x1xi8>'}}
  %0 = spirv.Tosa.Conv2D pad = [0, 0, 0, 0], stride = [1, 1], dilation = [1, 1], acc_type = <INT32>, local_bound = false, %arg0, %arg1, %arg2, %arg3, %arg3 : !spirv.arm.tensor<8x8x1xi8>, !spirv.arm.tensor<2x1x1x1xi8>, !spirv.arm.tensor<2xi32>, !spirv.arm.tensor<1xi8>, !spirv.arm.tensor<1xi8> -> !spirv.arm.tensor<1x8x8x2xi32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<1x8x8x2xi32>
}

// -----

spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<1x8x8x1xi8>, %arg1: !spirv.arm.tensor<2x1x1x1xi8>, %arg2: !spirv.arm.tensor<2xi32>, %arg3: !spirv.arm.tensor<1xi16>, %arg4: !spirv.arm.tensor<1xi8>) -> !spirv.arm.tensor<1x8x8x2xi32> {
  // expected-error @+1 {{'spirv.Tosa.Conv2D' op failed to verify that all of {input, input_zp} have same element type}}
  %0 = spirv.Tosa.Conv2D pad = [0, 0, 0, 0], stride = [1, 1], dilation = [1, 1], acc_type = <INT32>, local_bound = false, %arg0, %arg1, %arg2, %arg3, %arg4 : !spirv.arm.tensor<1x8x8x1xi8>, !spirv.arm.tensor<2x1x1x1xi8>, !spirv.arm.tensor<2xi32>, !spirv.arm.tensor<1xi16>, !spirv.arm.tensor<1xi8> -> !spirv.arm.tensor<1x8x8x2xi32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<1x8x8x2xi32>
}

// -----

spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<4xi16>, %arg1: !spirv.arm.tensor<1xi16>, %arg2: !spirv.arm.tensor<1xi8>) -> !spirv.arm.tensor<4xf32> {
  // expected-error @+1 {{'spirv.Tosa.Rescale' op result #0 must be 1D/2D/3D/4D/5D/6D tensorArm of 8-bit integer or 16-bit integer or 32-bit integer values, but got '!spirv.arm.tensor<4xf32>'}}
  %0 = spirv.Tosa.Rescale scale32 = false, rounding_mode = <SingleRound>, per_channel = false, input_unsigned = false, output_unsigned = false, %arg0, %arg1, %arg2, %arg1, %arg1 : !spirv.arm.tensor<4xi16>, !spirv.arm.tensor<1xi16>, !spirv.arm.tensor<1xi8>, !spirv.arm.tensor<1xi16>, !spirv.arm.tensor<1xi16> -> !spirv.arm.tensor<4xf32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<4xf32>
}

// -----

spirv.func @f(%arg0: !spirv.arm.tensor<3x4xi8>) "None" {
  // expected-error @+1 {{'spirv.Tosa.ArgMax' op failed to verify that op must appear in a spirv.ARM.Graph op's block}}
  %0 = spirv.Tosa.ArgMax axis = 1, nan_mode = <Ignore>, %arg0 : !spirv.arm.tensor<3x4xi8> -> !spirv.arm.tensor<3xi32>
  spirv.Return
}

// -----

// expected-error @+1 {{'spirv.ARM.Graph' op type of argument #0 must be a TensorArmType, but got 'i32'}}
spirv.ARM.Graph @g(%arg0: i32) -> !spirv.arm.tensor<3xi32> {
  %0 = spirv.ARM.GraphConstant {graph_constant_id = 1 : i32} : !spirv.arm.tensor<3xi32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<3xi32>
}

// -----

spirv.ARM.Graph @g() -> !spirv.arm.tensor<3xi32> {
  // expected-error @+1 {{'spirv.ARM.GraphConstant' op attribute 'graph_constant_id' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = spirv.ARM.GraphConstant {graph_constant_id = 1 : i64} : !spirv.arm.tensor<3xi32>
  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<3xi32>
}
