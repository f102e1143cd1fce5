// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s

// Image ops read back as written: image operands and their arguments,
// ImageDrefGather's parenthesized arguments, and OpTypeImage's fields.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, ImageQuery, ImageGatherExtended, Linkage], []> {
  // CHECK-LABEL: spirv.func @gather
  spirv.func @gather(%si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c : vector<4xf32>, %d : f32, %off : vector<2xi32>) "None" {
    // CHECK: %{{.*}} = spirv.Image %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    %img = spirv.Image %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    // CHECK: %{{.*}} = spirv.ImageDrefGather %{{.*}}, %{{.*}}, %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<4xf32>, f32 -> vector<4xf32>
    %0 = spirv.ImageDrefGather %si, %c, %d : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<4xf32>, f32 -> vector<4xf32>
    // CHECK: %{{.*}} = spirv.ImageDrefGather %{{.*}}, %{{.*}}, %{{.*}} {{\[}}"Offset"], %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<4xf32>, f32, vector<2xi32> -> vector<4xf32>
    %1 = spirv.ImageDrefGather %si, %c, %d ["Offset"] (%off : vector<2xi32>) : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<4xf32>, f32 -> vector<4xf32>
    spirv.Return
  }
  // CHECK-LABEL: spirv.func @query
  spirv.func @query(%img : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Unknown>) "None" {
    // CHECK: %{{.*}} = spirv.ImageQuerySize %{{.*}} : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Unknown> -> vector<3xi32>
    %0 = spirv.ImageQuerySize %img : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Unknown> -> vector<3xi32>
    spirv.Return
  }
  // CHECK-LABEL: spirv.func @rw
  spirv.func @rw(%img : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, %c : vector<2xsi32>) "None" {
    // CHECK: %{{.*}} = spirv.ImageRead %{{.*}}, %{{.*}} : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32> -> vector<4xf32>
    %0 = spirv.ImageRead %img, %c : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32> -> vector<4xf32>
    // CHECK: spirv.ImageWrite %{{.*}}, %{{.*}}, %{{.*}} : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32>, vector<4xf32>
    spirv.ImageWrite %img, %c, %0 : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32>, vector<4xf32>
    spirv.Return
  }
  // CHECK-LABEL: spirv.func @sample
  spirv.func @sample(%si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, %c : vector<2xf32>, %lod : f32, %dx : vector<2xf32>) "None" {
    // CHECK: %{{.*}} = spirv.ImageSampleExplicitLod %{{.*}}, %{{.*}} {{\[}}"Lod"], %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<2xf32>, f32 -> vector<4xf32>
    %0 = spirv.ImageSampleExplicitLod %si, %c ["Lod"], %lod : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<2xf32>, f32 -> vector<4xf32>
    // CHECK: %{{.*}} = spirv.ImageSampleExplicitLod %{{.*}}, %{{.*}} {{\[}}"Grad"], %{{.*}}, %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<2xf32>, vector<2xf32>, vector<2xf32> -> vector<4xf32>
    %1 = spirv.ImageSampleExplicitLod %si, %c ["Grad"], %dx, %dx : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<2xf32>, vector<2xf32>, vector<2xf32> -> vector<4xf32>
    // CHECK: %{{.*}} = spirv.ImageSampleImplicitLod %{{.*}}, %{{.*}} {{\[}}"Bias"], %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<2xf32>, f32 -> vector<4xf32>
    %2 = spirv.ImageSampleImplicitLod %si, %c ["Bias"], %lod : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<2xf32>, f32 -> vector<4xf32>
    spirv.Return
  }
  // CHECK-LABEL: spirv.func @proj
  spirv.func @proj(%si : !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, %c : vector<4xf32>, %d : f32) "None" {
    // CHECK: %{{.*}} = spirv.ImageSampleProjDrefImplicitLod %{{.*}}, %{{.*}}, %{{.*}} : !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<4xf32>, f32 -> f32
    %0 = spirv.ImageSampleProjDrefImplicitLod %si, %c, %d : !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, vector<4xf32>, f32 -> f32
    spirv.Return
  }
  // CHECK-LABEL: spirv.func @fetch
  spirv.func @fetch(%img : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %c : vector<2xsi32>, %s : !spirv.sampler) "None" {
    // CHECK: %{{.*}} = spirv.ImageFetch %{{.*}}, %{{.*}} : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xsi32> -> vector<4xf32>
    %0 = spirv.ImageFetch %img, %c : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xsi32> -> vector<4xf32>
    // CHECK: %{{.*}} = spirv.SampledImage %{{.*}}, %{{.*}} : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.sampler -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    %1 = spirv.SampledImage %img, %s : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.sampler -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    spirv.Return
  }
}
